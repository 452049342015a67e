import { PARTICIPANT_COOKIE } from '../src/contract/limits.ts';
import { cutOffBody } from '../tests/helpers/cut-off-body.ts';
import { type HttpResult, httpFrom } from '../tests/helpers/http-from.ts';
import type { Server } from './lib/processes.ts';
import type { Row } from './lib/report.ts';

/**
 * Issue 19's floods for `npm run bench:abuse`: cut-off request bodies (the log), and banked
 * participant ids (the integrity view). Each on its own server, as abuse.ts's parts are.
 */

type WithServer = <T>(
  env: Record<string, string>,
  run: (server: Server, dbFile: string) => Promise<T>,
) => Promise<T>;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Cut-off bodies from one address, 20 at a time, for `seconds`: how much log did they make? */
export async function abortedBodies(withServer: WithServer, seconds: number): Promise<Row> {
  return withServer({}, async (server) => {
    const port = Number(new URL(server.url).port);
    const created = await fetch(`${server.url}/api/v1/polls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Registro' }),
    });
    const { slug } = (await created.json()) as { slug: string };
    const before = server.output().length;
    const deadline = Date.now() + seconds * 1000;
    let sent = 0;
    let answered503 = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (Date.now() < deadline) {
          if ((await cutOffBody(port, slug)).includes(' 503 ')) answered503++;
          sent++;
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    const added = server.output().slice(before);
    const bytes = Buffer.byteLength(added);
    const lines = added.split('\n').filter(Boolean).length;
    const perMinute = (bytes / seconds) * 60;
    const result =
      `${fmt(sent)} cut-off PATCH bodies in ${seconds} s · log +${fmt(lines)} lines, ` +
      `+${fmt(bytes / 1024)} KB (${fmt(perMinute / 1024)} KB/min) · ` +
      `${added.includes('database unavailable') ? '"database unavailable" logged' : 'no "database unavailable"'}, ` +
      `${fmt(answered503)} answered 503`;
    console.log(`  ${result}`);
    return {
      measure: `6. Cut-off request bodies from one address, ${seconds} s, 20 conn.`,
      result,
      target: '≤ a few KB of log a minute, no 503',
      met: perMinute <= 8 * 1024 && answered503 === 0,
    };
  });
}

/** A request from a chosen loopback address (tests/helpers/http-from.ts), with the participant
 *  cookie it was given as a header value to send back, as a phone would. */
async function from(
  address: string,
  url: string,
  options: Parameters<typeof httpFrom>[2] = {},
): Promise<{ status: number; body: HttpResult['body']; cookie?: string }> {
  const reply = await httpFrom(address, url, options);
  const id = reply.cookies[PARTICIPANT_COOKIE];
  return {
    status: reply.status,
    body: reply.body,
    cookie: id === undefined ? undefined : `${PARTICIPANT_COOKIE}=${id}`,
  };
}

type Source = { ballots: number; unusual: boolean };

/**
 * 20 addresses each bank 300 ids from GET /polls/{slug}, wait 11 s (past the new-id window) and
 * vote with them; 30 honest people vote from their own addresses. Rate limits on.
 */
export async function bankedIds(withServer: WithServer): Promise<Row> {
  return withServer({}, async (server) => {
    const api = `${server.url}/api/v1`;
    const host = '127.0.9.1';
    const created = (await from(host, `${api}/polls`, { body: { title: 'Banco de ids' } })).body;
    const { slug, host_secret: secret } = created;
    const headers = { 'x-host-secret': secret };
    const question = (
      await from(host, `${api}/polls/${slug}/questions`, {
        body: { text: '¿Sí?', type: 'yesno' },
        headers,
      })
    ).body;
    await from(host, `${api}/polls/${slug}`, {
      method: 'PATCH',
      body: { status: 'open' },
      headers,
    });
    const ballot = (address: string, cookie: string | undefined, option: number) =>
      from(address, `${api}/polls/${slug}/votes`, {
        body: { answers: [{ questionId: question.id, optionIds: [question.options[option].id] }] },
        headers: cookie ? { cookie } : {},
      });
    const banks: string[][] = [];
    for (let a = 0; a < 20; a++) {
      const got = await Promise.all(
        Array.from({ length: 300 }, () => from(`127.0.10.${a + 1}`, `${api}/polls/${slug}`)),
      );
      banks.push(got.flatMap((r) => (r.cookie ? [r.cookie] : [])));
    }
    await new Promise((r) => setTimeout(r, 11_000));
    let stuffed = 0;
    for (const [a, ids] of banks.entries()) {
      const results = await Promise.all(ids.map((c) => ballot(`127.0.10.${a + 1}`, c, 0)));
      stuffed += results.filter((r) => r.status === 201).length;
    }
    let honest = 0;
    for (let h = 0; h < 30; h++) {
      const address = `127.0.11.${h + 1}`;
      const page = await from(address, `${api}/polls/${slug}`);
      if ((await ballot(address, page.cookie, 1)).status === 201) honest++;
    }
    const view = (await from(host, `${api}/polls/${slug}/integrity?limit=500`, { headers }))
      .body as { sourceCount: number; sources: Source[] };
    const flaggedStuffers = view.sources.filter((s) => s.unusual && s.ballots >= 100).length;
    const flaggedHonest = view.sources.filter((s) => s.unusual && s.ballots < 100).length;
    const result =
      `${fmt(stuffed)} stuffed ballots from 20 addresses × 300 banked ids (11 s old), ` +
      `${fmt(honest)} honest · ${view.sourceCount} sources: ${flaggedStuffers} of 20 stuffing ` +
      `sources flagged, ${flaggedHonest} honest flagged`;
    console.log(`  ${result}`);
    return {
      measure: '7. Banked participant ids, 20 addresses × 300',
      result,
      target: 'every stuffing source flagged, no honest one',
      met: flaggedStuffers === 20 && flaggedHonest === 0,
    };
  });
}
