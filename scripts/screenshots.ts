/**
 * Screenshots with realistic content, from a real server and Debian's Chromium:
 *   node --import tsx scripts/screenshots.ts readme        → docs/screenshot.png (the README's)
 *   node --import tsx scripts/screenshots.ts home [dir]    → 'Mis encuestas' at four sizes, light
 *                                                            and dark, for a visual check
 * Needs the web build (`npm run build`). Never part of `npm test`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server-process.ts';

type Json = Record<string, unknown> & { id?: number; slug?: string };

// A classroom laptop's address, as the join strip would show it (nothing listens there).
const server = await startServer({ env: { PUBLIC_URL: 'http://192.168.1.20:3000' } });
const post = (path: string, body: unknown, secret?: string) =>
  fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret ? { 'x-host-secret': secret } : {}) },
    body: JSON.stringify(body),
  }).then(async (res) => {
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Json;
  });
const patch = (slug: string, body: unknown, secret: string) =>
  fetch(`${server.url}/api/v1/polls/${slug}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-host-secret': secret },
    body: JSON.stringify(body),
  });

async function poll(title: string, questions: Json[], status: 'draft' | 'open' | 'closed') {
  const created = await post('/polls', { title });
  const slug = String(created.slug);
  const secret = String(created.host_secret);
  const made: Json[] = [];
  for (const q of questions) made.push(await post(`/polls/${slug}/questions`, q, secret));
  if (status !== 'draft') await patch(slug, { status: 'open' }, secret);
  return { slug, secret, questions: made };
}

/** One ballot per person (no cookie: each gets a participant id of its own). */
async function votes(slug: string, ballots: Json[][]) {
  for (const answers of ballots) await post(`/polls/${slug}/votes`, { answers });
}

const browser = await launchBrowser();
try {
  const mode = process.argv[2] ?? 'readme';
  if (mode === 'readme') {
    const lesson = await poll(
      'Repaso de Biología · 2.º ESO B',
      [
        {
          text: '¿Qué necesita una planta para hacer la fotosíntesis?',
          type: 'multiple',
          options: [
            { text: 'Luz' },
            { text: 'Agua' },
            { text: 'Dióxido de carbono' },
            { text: 'Oxígeno' },
          ],
        },
      ],
      'open',
    );
    const [q] = lesson.questions as { id: number; options: { id: number }[] }[];
    if (!q) throw new Error('no question');
    const picks = [
      [0, 1, 2],
      [0, 1],
      [0, 1, 2],
      [0, 2],
      [0, 1, 3],
      [0, 1, 2],
      [0],
      [0, 1, 2],
      [1, 3],
      [0, 1, 2],
      [0, 1],
      [0, 2],
      [0, 1, 2],
      [0, 3],
      [0, 1, 2],
      [0, 1],
      [0, 1, 2],
      [0, 1, 2],
      [1, 2],
      [0, 1, 2],
      [0, 1, 3],
      [0, 1, 2],
      [0, 1],
    ];
    await votes(
      lesson.slug,
      picks.map((p) => [{ questionId: q.id, optionIds: p.map((i) => q.options[i]!.id) }]),
    );
    const context = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      locale: 'es-ES',
    });
    await context.addInitScript(
      ([slug, secret]) =>
        localStorage.setItem('sondeo:host-secrets', JSON.stringify({ [slug]: secret })),
      [lesson.slug, lesson.secret] as const,
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/present/${lesson.slug}`);
    await page.getByText('23', { exact: false }).first().waitFor();
    await page.waitForTimeout(1500);
    mkdirSync('docs', { recursive: true });
    await page.screenshot({ path: 'docs/screenshot.png' });
    console.log('docs/screenshot.png');
  } else {
    const dir = process.argv[3] ?? '/tmp/sondeo-home';
    mkdirSync(dir, { recursive: true });
    const long =
      'Evaluación inicial de Ciencias Naturales: electroencefalografía, otorrinolaringología y desoxirribonucleico en el aula';
    const a = await poll(long.slice(0, 120), [{ text: '¿Listos?', type: 'yesno' }], 'open');
    const b = await poll('Tutoría del martes', [], 'draft');
    const c = await poll(
      'Repaso de Biología · 2.º ESO B',
      [
        { text: '¿Te gustó?', type: 'yesno' },
        { text: '¿Qué aprendiste?', type: 'text' },
      ],
      'open',
    );
    const [yes] = c.questions as { id: number; options: { id: number }[] }[];
    if (yes)
      await votes(
        c.slug,
        Array.from({ length: 27 }, () => [{ questionId: yes.id, optionIds: [yes.options[0]!.id] }]),
      );
    await patch(c.slug, { status: 'closed' }, c.secret);
    const secrets = {
      [a.slug]: a.secret,
      [b.slug]: b.secret,
      [c.slug]: c.secret,
      zzzzzzzz: 'codigo-de-una-encuesta-borrada',
    };
    const sizes = [
      [390, 844],
      [1280, 800],
      [1920, 1080],
      [1280, 720],
    ] as const;
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [width, height] of sizes) {
        const context = await browser.newContext({
          viewport: { width, height },
          locale: 'es-ES',
          colorScheme,
        });
        await context.addInitScript(
          (map) => localStorage.setItem('sondeo:host-secrets', JSON.stringify(map)),
          secrets,
        );
        const page = await context.newPage();
        await page.goto(`${server.url}/#mis-encuestas`);
        const section = page.getByRole('region', { name: 'Mis encuestas' });
        await section.getByRole('listitem').nth(3).waitFor();
        await section.scrollIntoViewIfNeeded();
        const file = join(dir, `home-${width}x${height}-${colorScheme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
