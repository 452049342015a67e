import { describe, expect, it } from 'vitest';
import { qaShares } from '../../src/server/domain/qa/qa-shares.ts';
import { DEFAULT_LIMITS, type Limits } from '../../src/server/limits.ts';
import { httpFrom } from '../helpers/http-from.ts';
import { Client, createPoll, type HostedPoll, setStatus, setUpTestApp } from './api-client.ts';

/**
 * Issue 25, 'Q&A can be stuffed and flooded': 20 addresses filled the question cap and an
 * honest question got 409; upvotes from fresh or banked ids counted with no host tool to remove
 * them. Real HTTP, so addresses differ; the per-person and per-address buckets are wide open
 * here, only the cap and its fair shares apply.
 */
const limits: Limits = {
  ...DEFAULT_LIMITS,
  QA_QUESTIONS_PER_POLL: 200,
  QA_ASK_BURST: 10_000,
  QA_ASK_ADDRESS_BURST: 10_000,
  QA_VOTE_BURST: 10_000,
  POLL_CREATE_BURST: 1_000,
  PARTICIPANT_BURST: 10_000,
};
const api = setUpTestApp({
  config: { port: 0, rateLimits: { enabled: true, limits } },
  listen: true,
});

async function qaPoll(): Promise<HostedPoll> {
  const poll = await createPoll(api.host, { title: 'Charla', settings: { qa: true } });
  await setStatus(api.host, poll, 'open');
  return poll;
}

/** A question from `from` with a new id each time (the cookie dropped). */
const askFrom = (from: string, poll: HostedPoll, text: string, cookie?: string) =>
  httpFrom(from, `${api.apiUrl}/polls/${poll.slug}/qa`, {
    body: { text },
    ...(cookie && { headers: { cookie } }),
  });

describe('the question cap is shared fairly', () => {
  it('20 addresses asking as fast as they can leave room for an honest question', async () => {
    const poll = await qaPoll();
    let stored = 0;
    // Round after round, every address asks until each is refused (409) in one round.
    for (let round = 0, refusedAll = false; !refusedAll && round < 250; round++) {
      refusedAll = true;
      for (let a = 1; a <= 20; a++) {
        const res = await askFrom(`127.0.4.${a}`, poll, `Pregunta ${round} desde ${a}`);
        if (res.status === 201) {
          stored++;
          refusedAll = false;
        } else {
          expect(res.status).toBe(409);
          expect(res.body.code).toBe('LIMIT_REACHED');
          expect(res.body.message).toMatch(/desde esta conexión/);
        }
      }
    }
    // Before: all 200 places taken, then 409 for everyone.
    expect(stored).toBeLessThan(200);
    const honest = await askFrom('127.0.4.99', poll, '¿Se grabará la charla?');
    expect(honest.status).toBe(201);
  });

  it('one participant id gets a share too', async () => {
    const poll = await qaPoll();
    const first = await askFrom('127.0.5.1', poll, 'Primera pregunta');
    const cookie = Object.entries(first.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const statuses = [first.status];
    for (let i = 0; i < 30; i++) {
      statuses.push((await askFrom('127.0.5.1', poll, `Otra pregunta ${i}`, cookie)).status);
    }
    // Its share of a 200-place cap (fewer than QA_QUESTIONS_PER_PARTICIPANT as the poll is
    // small), then a Spanish refusal; another person from the same address still asks.
    let share = 0;
    while (share < qaShares(limits, 200 - share).participant) share++;
    expect(share).toBeGreaterThan(1);
    expect(statuses.filter((s) => s === 201)).toHaveLength(share);
    expect(qaShares(DEFAULT_LIMITS, 2_000).participant).toBe(20);
    const refused = await askFrom('127.0.5.1', poll, 'Una más', cookie);
    expect(refused.body.message).toBe(
      'Ya has enviado muchas preguntas; espera a que se respondan algunas',
    );
    expect((await askFrom('127.0.5.1', poll, 'Soy otra persona')).status).toBe(201);
  });
});

describe('upvotes: integrity signals and a discard that can be undone', () => {
  it('flags fresh ids from one address, sets their votes aside and restores them', async () => {
    const poll = await qaPoll();
    const asked = await askFrom('127.0.6.1', poll, '¿Habrá descanso?');
    const id = asked.body.id as number;
    const up = (from: string) =>
      httpFrom(from, `${api.apiUrl}/polls/${poll.slug}/qa/${id}/vote`, {
        method: 'PUT',
        body: { up: true },
      });
    // A script dropping its cookie: 40 upvotes, each from a brand-new id.
    for (let i = 0; i < 40; i++) expect((await up('127.0.6.2')).status).toBe(200);
    // A few people elsewhere.
    for (let i = 0; i < 3; i++) expect((await up('127.0.6.3')).status).toBe(200);
    const host = new Client(api.app);
    const view = await host.get(`/polls/${poll.slug}/qa/integrity`, { secret: poll.secret });
    expect(view.status).toBe(200);
    expect(view.body.totalVotes).toBe(43);
    expect(view.body.unusualSources).toBe(1);
    const [script, people] = view.body.sources;
    expect(script).toMatchObject({ votes: 40, newParticipantVotes: 40, unusual: true });
    expect(people).toMatchObject({ votes: 3, unusual: false });

    // Nobody but the host.
    expect((await new Client(api.app).get(`/polls/${poll.slug}/qa/integrity`)).status).toBe(401);
    expect(
      (await host.post(`/polls/${poll.slug}/qa/discard`, { unusual: true }, { secret: 'x' }))
        .status,
    ).toBe(403);

    const discarded = await host.post(
      `/polls/${poll.slug}/qa/discard`,
      { unusual: true },
      { secret: poll.secret },
    );
    expect(discarded.body).toEqual({ discardedVotes: 40, discardedSources: 1 });
    const votesNow = async () =>
      (await host.get(`/polls/${poll.slug}/qa`, { secret: poll.secret })).body.questions[0].votes;
    expect(await votesNow()).toBe(3);
    const after = await host.get(`/polls/${poll.slug}/qa/integrity`, { secret: poll.secret });
    expect(after.body.sources[0]).toMatchObject({ votes: 3 });
    expect(after.body.sources.find((s: { votes: number }) => s.votes === 0)).toMatchObject({
      discardedVotes: 40,
    });

    const restored = await host.post(
      `/polls/${poll.slug}/qa/discard/restore`,
      { source: script.source },
      { secret: poll.secret },
    );
    expect(restored.body).toEqual({ restoredVotes: 40 });
    expect(await votesNow()).toBe(43);
    // Restoring again changes nothing; a source of one's own is discarded alike.
    expect(
      (await host.post(`/polls/${poll.slug}/qa/discard/restore`, {}, { secret: poll.secret })).body,
    ).toEqual({ restoredVotes: 0 });
    const one = await host.post(
      `/polls/${poll.slug}/qa/discard`,
      { source: people.source },
      { secret: poll.secret },
    );
    expect(one.body).toEqual({ discardedVotes: 3 });
    expect(await votesNow()).toBe(40);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/api/v1/polls/{slug}/qa/integrity'].get.operationId).toBe('qaIntegrity');
    expect(doc.paths['/api/v1/polls/{slug}/qa/discard'].post.operationId).toBe('discardQaVotes');
    expect(doc.paths['/api/v1/polls/{slug}/qa/discard/restore'].post.operationId).toBe(
      'restoreQaVotes',
    );
  });
});
