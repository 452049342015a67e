import { describe, expect, it } from 'vitest';
import {
  type CloudLayout,
  type CloudWord,
  foldWord,
  layoutCloud,
  NARROW_CLOUD,
  type PlacedWord,
  WIDE_CLOUD,
  wordSizes,
} from './word-cloud.ts';

const VOCABULARY = [
  'Matemáticas',
  'ejemplos',
  'práctica',
  'claridad',
  'tiempo',
  'ejercicios',
  'repaso',
  'dudas',
  'fórmulas',
  'gráficos',
  'vídeos',
  'participación',
  'grupos',
  'proyecto',
  'examen',
  'derivadas',
  'integrales',
  'límites',
  'paciencia',
  'humor',
];

/** The first `n` words with their counts, most frequent first, as the server sends them. */
function cloudOf(n: number, count = (i: number) => n - i): CloudWord[] {
  return VOCABULARY.slice(0, n)
    .map((text, i) => ({ text, count: count(i) }))
    .sort((a, b) => b.count - a.count);
}

const centres = (layout: CloudLayout) =>
  new Map(layout.words.map((w) => [w.key, { x: w.x, y: w.y }]));

function overlapping(words: readonly PlacedWord[]): string[] {
  const pairs: string[] = [];
  for (const [i, a] of words.entries()) {
    for (const b of words.slice(i + 1)) {
      if (Math.abs(a.x - b.x) * 2 < a.w + b.w && Math.abs(a.y - b.y) * 2 < a.h + b.h) {
        pairs.push(`${a.key}/${b.key}`);
      }
    }
  }
  return pairs;
}

describe('layoutCloud', () => {
  it('places every word inside the canvas without overlaps', () => {
    for (const shape of [WIDE_CLOUD, NARROW_CLOUD]) {
      const layout = layoutCloud(null, cloudOf(20), shape);
      expect(layout.words).toHaveLength(20);
      expect(overlapping(layout.words)).toEqual([]);
      for (const w of layout.words) {
        expect(w.x - w.w / 2).toBeGreaterThanOrEqual(0);
        expect(w.x + w.w / 2).toBeLessThanOrEqual(shape.width);
        expect(w.y - w.h / 2).toBeGreaterThanOrEqual(0);
        expect(w.y + w.h / 2).toBeLessThanOrEqual(shape.height);
      }
    }
  });

  it('is deterministic: the same words give the same cloud (server and browser agree)', () => {
    expect(layoutCloud(null, cloudOf(15), WIDE_CLOUD)).toEqual(
      layoutCloud(null, cloudOf(15), WIDE_CLOUD),
    );
  });

  it('keeps every placed word where it was when a new word arrives', () => {
    const before = layoutCloud(null, cloudOf(12), WIDE_CLOUD);
    // Arrives with more answers than most: the server lists it near the top.
    const words = [...cloudOf(12), { text: 'humor', count: 9 }].sort((a, b) => b.count - a.count);
    const after = layoutCloud(before, words, WIDE_CLOUD);
    const moved = [...centres(before)].filter(([key, c]) => {
      const now = centres(after).get(key);
      return now?.x !== c.x || now?.y !== c.y;
    });
    expect(moved).toEqual([]);
    expect(after.words.map((w) => w.key).slice(0, 12)).toEqual(before.words.map((w) => w.key));
    expect(after.words.at(-1)?.text).toBe('humor');
    expect(overlapping(after.words)).toEqual([]);
  });

  it('keeps the others in place while one word grows, and moves that one only if it must', () => {
    let layout = layoutCloud(
      null,
      cloudOf(10, () => 1),
      WIDE_CLOUD,
    );
    const start = centres(layout);
    // 'tiempo' gathers votes answer by answer: everybody else shrinks (the top count grows).
    for (let votes = 2; votes <= 12; votes++) {
      const words = cloudOf(10, (i) => (i === 4 ? votes : 1));
      layout = layoutCloud(layout, words, WIDE_CLOUD);
      expect(overlapping(layout.words)).toEqual([]);
    }
    for (const [key, c] of start) {
      if (key === 'tiempo') continue;
      expect(centres(layout).get(key), key).toEqual(c);
    }
    const tiempo = layout.words.find((w) => w.key === 'tiempo');
    expect(tiempo?.size).toBe(Math.max(...layout.words.map((w) => w.size)));
  });

  it('groups spellings by folding case and accents, keeping the slot when the shown one changes', () => {
    const before = layoutCloud(null, [{ text: 'Matemáticas', count: 2 }], WIDE_CLOUD);
    const after = layoutCloud(before, [{ text: 'matematicas', count: 3 }], WIDE_CLOUD);
    expect(foldWord('Matemáticas')).toBe('matematicas');
    expect(foldWord('AÑO')).toBe('año');
    expect(after.words).toHaveLength(1);
    expect(after.words[0]).toMatchObject({ text: 'matematicas', x: before.words[0]?.x });
    expect(after.words[0]?.tone).toBe(before.words[0]?.tone);
  });

  it('drops a word that leaves (the host hid it) and keeps the rest as they were', () => {
    const before = layoutCloud(null, cloudOf(8), WIDE_CLOUD);
    const words = cloudOf(8).filter((w) => w.text !== 'ejemplos');
    const after = layoutCloud(before, words, WIDE_CLOUD);
    expect(after.words.map((w) => w.key)).not.toContain('ejemplos');
    expect(after.words).toHaveLength(7);
    // The cloud does not grow back into the room: nothing moves, nothing grows.
    const was = new Map(before.words.map((w) => [w.key, w]));
    for (const w of after.words) {
      expect({ x: w.x, y: w.y }).toEqual({ x: was.get(w.key)?.x, y: was.get(w.key)?.y });
      expect(w.size).toBeLessThanOrEqual(was.get(w.key)?.size ?? 0);
    }
  });

  it('fits a long unbroken answer across a phone, cutting it only as a last resort', () => {
    const url = 'https://ejemplo.org/una-direccion-muy-larga-que-no-cabe-en-un-movil';
    const [placed] = layoutCloud(null, [{ text: url, count: 1 }], NARROW_CLOUD).words;
    expect(placed).toBeDefined();
    expect(placed?.w).toBeLessThanOrEqual(NARROW_CLOUD.width);
    expect(placed?.label.endsWith('…')).toBe(true);
    const short = layoutCloud(null, [{ text: 'sí', count: 1 }], NARROW_CLOUD).words[0];
    expect(short?.label).toBe('sí');
  });

  it('sizes by the square root of the share of the top count, smaller as the cloud fills', () => {
    const [top, low] = wordSizes(
      [
        { text: 'tiempo', count: 9 },
        { text: 'dudas', count: 1 },
      ],
      WIDE_CLOUD,
    ).sizes;
    expect(top).toBe(WIDE_CLOUD.maxSize);
    expect(low).toBeCloseTo(WIDE_CLOUD.minSize + (WIDE_CLOUD.maxSize - WIDE_CLOUD.minSize) / 3);
    const crowded = wordSizes(cloudOf(20, () => 1).concat(cloudOf(20, () => 1)), WIDE_CLOUD).sizes;
    expect(Math.max(...crowded)).toBeLessThan(WIDE_CLOUD.maxSize);
    expect(Math.min(...crowded)).toBeGreaterThanOrEqual(WIDE_CLOUD.minSize);
  });

  it('lays out 60 words quickly enough for every summary update', () => {
    const words = Array.from({ length: 60 }, (_, i) => ({
      text: `${VOCABULARY[i % 20]}${i >= 20 ? i : ''}`,
      count: 60 - i,
    }));
    const started = performance.now();
    const layout = layoutCloud(null, words, NARROW_CLOUD);
    layoutCloud(layout, words, NARROW_CLOUD);
    expect(overlapping(layout.words)).toEqual([]);
    expect(layout.words.length).toBeGreaterThan(25);
    // Generous for a busy machine; typically a few milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
