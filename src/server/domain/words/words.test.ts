import { describe, expect, it } from 'vitest';
import { cloudEntries, hostCloud, publicCloud } from './cloud.ts';
import { cloudWords, foldKey, foldWord, tokens } from './words.ts';

describe('foldWord', () => {
  it('folds case and accents, keeping ñ apart from n', () => {
    expect(foldWord('CAFÉ')).toBe('cafe');
    expect(foldWord('Pingüino')).toBe('pinguino');
    expect(foldWord('AÑO')).toBe('año');
    expect(foldWord('ano')).toBe('ano');
    // A decomposed ñ (n + combining tilde) is still ñ.
    expect(foldWord('an\u0303o')).toBe('año');
  });
});

describe('tokens', () => {
  it('strips punctuation, symbols, emoji and invisible characters; drops lone letters', () => {
    expect(tokens('¡Hola, mundo! 👋 (sí)')).toEqual(['Hola', 'mundo', 'sí']);
    expect(tokens('ca\u200Bfé y té')).toEqual(['café', 'té']);
    expect(tokens('covid-19 en 2 días')).toEqual(['covid', '19', 'en', '2', 'días']);
    expect(tokens('cafe\u0301')).toEqual(['café']);
  });
});

describe('cloudWords', () => {
  it('counts a one-word answer whatever it is, stop words included', () => {
    expect(cloudWords('¡Genial!')).toEqual([{ key: 'genial', spelling: 'Genial' }]);
    expect(cloudWords('No')).toEqual([{ key: 'no', spelling: 'No' }]);
  });

  it('counts an answer of two or three words (stop words trimmed at the ends) as one phrase', () => {
    expect(cloudWords('Trabajo en equipo.')).toEqual([
      { key: 'trabajo en equipo', spelling: 'Trabajo en equipo' },
    ]);
    expect(cloudWords('el café')).toEqual([{ key: 'cafe', spelling: 'café' }]);
    expect(cloudWords('Muy bien')).toEqual([{ key: 'bien', spelling: 'bien' }]);
    expect(cloudWords('de la')).toEqual([]);
    expect(cloudWords('🎉🎉')).toEqual([]);
  });

  it('spells a phrase as typed, never with a word taken from inside (issue 17)', () => {
    expect(cloudWords('Clorofila y luz')).toEqual([
      { key: 'clorofila luz', spelling: 'Clorofila y luz' },
    ]);
    expect(cloudWords('  hijo   de p*ta!! ')).toEqual([
      { key: 'hijo de ta', spelling: 'hijo de p*ta' },
    ]);
    expect(cloudWords('el agua, la luz')[0]!.spelling).toBe('agua, la luz');
    expect(cloudWords('sol​ y luna')[0]!.spelling).toBe('sol y luna');
  });

  it('counts each distinct word of a longer answer once, stop words left out', () => {
    expect(cloudWords('Café, café y más CAFÉ para todos nosotros hoy')).toEqual([
      { key: 'cafe', spelling: 'Café' },
      { key: 'hoy', spelling: 'hoy' },
    ]);
    expect(cloudWords('Me gustaría aprender cosas nuevas cada día').map((w) => w.key)).toEqual([
      'gustaria',
      'aprender',
      'cosas',
      'nuevas',
      'dia',
    ]);
  });

  it('gives the host a key any spelling of a word or phrase folds to', () => {
    expect(foldKey('  TRABAJO en Equipo!! ')).toBe('trabajo en equipo');
    expect(foldKey('Café')).toBe(cloudWords('cafe')[0]!.key);
    expect(foldKey('¿?')).toBe('');
  });
});

describe('negations (issue 24)', () => {
  const keysOf = (text: string) => cloudWords(text).map((w) => w.key);

  it('keeps a negation with what it negates in a short answer', () => {
    expect(cloudWords('Ni idea')).toEqual([{ key: 'ni idea', spelling: 'Ni idea' }]);
    expect(cloudWords('todo, no me entero')).toEqual([
      { key: 'no me entero', spelling: 'no me entero' },
    ]);
    expect(keysOf('Sin azúcar')).toEqual(['sin azucar']);
    expect(keysOf('nunca jamás')).toEqual(['nunca jamas']);
    expect(keysOf('no tengo ni idea')).toEqual(['no tengo ni idea']);
    expect(keysOf('No a la guerra')).toEqual(['no la guerra']);
    expect(keysOf('No sé')).toEqual(['no se']);
    expect(keysOf('no lo sé')).toEqual(['no lo se']);
    expect(keysOf('Tampoco me gusta')).toEqual(['tampoco me gusta']);
    expect(keysOf('Nadie lo entiende')).toEqual(['nadie lo entiende']);
  });

  it('keeps it in a longer answer, next to the words counted alone', () => {
    expect(keysOf('Me gusta el café pero sin azúcar y sin leche')).toEqual([
      'gusta',
      'cafe',
      'sin azucar',
      'sin leche',
    ]);
    expect(keysOf('La verdad es que no me entero de nada')).toEqual([
      'verdad',
      'no me entero',
      'nada',
    ]);
    expect(keysOf('Está bien, aunque no mucho, la verdad')).toEqual(['bien', 'no mucho', 'verdad']);
  });

  it('binds nothing across punctuation or with nothing after it', () => {
    expect(keysOf('No, me encanta')).toEqual(['encanta']);
    expect(keysOf('Yo no')).toEqual([]);
    expect(keysOf('No')).toEqual(['no']);
    expect(keysOf('nada')).toEqual(['nada']);
    // Without a negation nothing changes.
    expect(keysOf('Muy bien')).toEqual(['bien']);
    expect(keysOf('Trabajo en equipo')).toEqual(['trabajo en equipo']);
  });

  it('never leaves the negated word alone', () => {
    for (const text of ['ni idea', 'todo, no me entero', 'no me gusta nada la clase']) {
      const keys = keysOf(text);
      for (const alone of ['idea', 'entero', 'gusta']) expect(keys).not.toContain(alone);
    }
  });
});

describe('the cloud', () => {
  const rows = [
    { key: 'cafe', spelling: 'café', count: 3 },
    { key: 'cafe', spelling: 'Café', count: 2 },
    { key: 'cafe', spelling: 'CAFE', count: 2 },
    { key: 'te', spelling: 'té', count: 4 },
    { key: 'agua', spelling: 'Agua', count: 1 },
    { key: 'agua', spelling: 'agua', count: 1 },
    { key: 'cero', spelling: 'cero', count: 0 },
  ];

  it('groups spellings by key and shows the most frequent one, ties in code-point order', () => {
    expect(cloudEntries(rows)).toEqual([
      { key: 'cafe', text: 'café', count: 7 },
      { key: 'te', text: 'té', count: 4 },
      { key: 'agua', text: 'Agua', count: 2 },
    ]);
  });

  it('shows a calm spelling rather than one in capitals, even a less frequent one (issue 17)', () => {
    const typed = [
      { key: 'clorofila', spelling: 'CLOROFILA', count: 5 },
      { key: 'clorofila', spelling: 'Clorofila', count: 1 },
      { key: 'clorofila', spelling: 'clorofila', count: 2 },
      { key: 'luz', spelling: 'LUZ', count: 2 },
      { key: 'luz', spelling: 'LUZ!', count: 1 },
    ];
    expect(cloudEntries(typed)).toEqual([
      { key: 'clorofila', text: 'clorofila', count: 8 },
      { key: 'luz', text: 'LUZ', count: 3 },
    ]);
    const phrase = [
      { key: 'clorofila luz', spelling: 'CLOROFILA Y LUZ', count: 3 },
      { key: 'clorofila luz', spelling: 'Clorofila y luz', count: 1 },
    ];
    expect(cloudEntries(phrase)[0]!.text).toBe('Clorofila y luz');
  });

  it('marks hidden words for the host and leaves them out for others, refilling to the top', () => {
    const entries = cloudEntries(rows);
    const hidden = (key: string) => key === 'cafe';
    expect(hostCloud(entries, hidden)[0]).toEqual({ text: 'café', count: 7, hidden: true });
    expect(publicCloud(entries, hidden)).toEqual([
      { text: 'té', count: 4 },
      { text: 'Agua', count: 2 },
    ]);
    const many = Array.from({ length: 70 }, (_, i) => ({
      key: `w${String(i).padStart(2, '0')}`,
      spelling: `w${i}`,
      count: 100 - i,
    }));
    const top = cloudEntries(many);
    expect(hostCloud(top, (key) => key === 'w00')).toHaveLength(60);
    const pub = publicCloud(top, (key) => key === 'w00');
    expect(pub).toHaveLength(60);
    expect(pub.at(-1)!.text).toBe('w60');
  });
});
