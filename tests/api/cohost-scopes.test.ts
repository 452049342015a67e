import { beforeAll, describe, expect, it } from 'vitest';
import {
  COHOST_SCOPES,
  type CohostScope,
  ROUTE_SCOPES,
  routes,
  scopeAllows,
  scopeRuleOf,
} from '../../src/contract/index.ts';
import {
  addQuestion,
  type Client,
  type HostedPoll,
  openPollWithQuestions,
  setUpTestApp,
} from './api-client.ts';
import { mutations, type Target } from './host-calls.ts';

const api = setUpTestApp();

async function link(
  client: Client,
  poll: HostedPoll,
  scope: CohostScope,
  label = `Enlace ${scope}`,
) {
  const res = await client.post(
    `/polls/${poll.slug}/cohosts`,
    { scope, label },
    { secret: poll.secret },
  );
  expect(res.status).toBe(201);
  const secret = new URL(res.body.url).hash.slice(1);
  return { id: res.body.id as number, url: res.body.url as string, secret };
}

const secretRoutes = Object.entries(routes)
  .filter(([, r]) => r.secret)
  .map(([name]) => name);

describe('the scope table', () => {
  it('has an entry for every route that needs the secret', () => {
    for (const name of secretRoutes) expect(scopeRuleOf(name), name).toBeDefined();
  });
});

describe.each(COHOST_SCOPES)('a %s link on every host route', (scope) => {
  let target: Target;
  let secret: string;
  beforeAll(async () => {
    target = await openPollWithQuestions(api.host, { qa: true });
    secret = (await link(api.host, target.poll, scope)).secret;
  });

  it.each(secretRoutes)('%s: 403 SCOPE_FORBIDDEN or let in, as the table says', async (name) => {
    const call = mutations(target)[name]!;
    const rule = scopeRuleOf(name)!;
    const res = await api.host.call(call.method, call.url, { body: call.body, secret });
    if (scopeAllows(rule, scope, call.body)) {
      // Let in: whatever the call then says (204, 200, 404 for an answer that is not there,
      // 409 for a quiz question in a poll that is not a quiz), never a refusal of the link.
      expect([401, 403], `${name}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
    } else {
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({
        code: 'SCOPE_FORBIDDEN',
        message: expect.stringMatching(/^Este enlace de gestión no permite/),
      });
    }
  });

  it('leaves the poll as it was after every refused call', async () => {
    const poll = (await api.host.get(`/polls/${target.poll.slug}`)).body;
    expect(poll.title).toBe('Clase');
    expect(poll.questions.map((q: { text: string }) => q.text)).toEqual([
      '¿Te gustó?',
      '¿Qué temas?',
    ]);
    expect(poll.status).toBe('open');
  });
});

describe('what each scope can do', () => {
  let target: Target;
  let links: Record<CohostScope, string>;
  beforeAll(async () => {
    target = await openPollWithQuestions(api.host, { qa: true, qaModerated: true });
    links = {
      moderate: (await link(api.host, target.poll, 'moderate', 'Ana (moderación)')).secret,
      present: (await link(api.host, target.poll, 'present')).secret,
      results: (await link(api.host, target.poll, 'results')).secret,
    };
  });
  const slug = () => target.poll.slug;

  it('the moderate link approves a held audience question, and the log names it', async () => {
    const asked = await api.host.post(`/polls/${slug()}/qa`, { text: '¿Habrá examen final?' });
    expect(asked.body.state).toBe('held');
    // Held questions reach the moderator's list, not the public one.
    const listed = await api.host.get(`/polls/${slug()}/qa?sort=recent`, {
      secret: links.moderate,
    });
    expect(listed.body.questions.map((q: { id: number }) => q.id)).toContain(asked.body.id);
    const approved = await api.host.patch(
      `/polls/${slug()}/qa/${asked.body.id}`,
      { state: 'visible' },
      { secret: links.moderate },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.state).toBe('visible');
    const log = await api.host.get(`/polls/${slug()}/cohosts/activity`, {
      secret: target.poll.secret,
    });
    expect(log.body.actions[0]).toMatchObject({
      label: 'Ana (moderación)',
      scope: 'moderate',
      action: 'moderateQa',
      target: expect.stringContaining(`id ${asked.body.id}`),
    });
    // …and it may not delete it.
    const deleted = await api.host.delete(`/polls/${slug()}/qa/${asked.body.id}`, {
      secret: links.moderate,
    });
    expect(deleted.body.code).toBe('SCOPE_FORBIDDEN');
  });

  it('the present link moves the current question and reveals, but edits nothing else', async () => {
    const moved = await api.host.patch(
      `/polls/${slug()}`,
      { currentQuestionId: target.multi.id },
      { secret: links.present },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.currentQuestionId).toBe(target.multi.id);
    const hidden = await api.host.put(
      `/questions/${target.multi.id}`,
      { resultsHidden: true },
      { secret: links.present },
    );
    expect(hidden.status).toBe(200);
    for (const body of [
      { title: 'Otra' },
      { currentQuestionId: target.yesno.id, status: 'closed' },
    ]) {
      const res = await api.host.patch(`/polls/${slug()}`, body, { secret: links.present });
      expect(res.body.code, JSON.stringify(body)).toBe('SCOPE_FORBIDDEN');
    }
    const renamed = await api.host.put(
      `/questions/${target.multi.id}`,
      { text: 'Cambiada', resultsHidden: false },
      { secret: links.present },
    );
    expect(renamed.body.code).toBe('SCOPE_FORBIDDEN');
  });

  it('the results link reads private results and exports, and nothing more', async () => {
    const anonymous = await api.host.get(`/polls/${slug()}/summary`);
    expect(anonymous.body.code).toBe('RESULTS_PRIVATE');
    const summary = await api.host.get(`/polls/${slug()}/summary`, { secret: links.results });
    expect(summary.status).toBe(200);
    const csv = await api.host.get(`/polls/${slug()}/export?format=csv`, { secret: links.results });
    expect(csv.status).toBe(200);
    const moderate = await api.host.patch(
      `/polls/${slug()}/qa/1`,
      { state: 'hidden' },
      { secret: links.results },
    );
    expect(moderate.body.code).toBe('SCOPE_FORBIDDEN');
  });

  it('a read the scope has no host view of is the public one, not a refusal', async () => {
    // The moderator has no host view of the leaderboard: it reads what everyone reads.
    const res = await api.host.get(`/polls/${slug()}/leaderboard`, { secret: links.moderate });
    expect(res.body.code).toBe('RESULTS_PRIVATE');
  });

  it("a link never reaches another poll, by slug or by a question's id", async () => {
    const other = await openPollWithQuestions(api.host, { qa: true });
    const onSlug = await api.host.patch(
      `/polls/${other.poll.slug}`,
      { currentQuestionId: other.multi.id },
      { secret: links.present },
    );
    expect(onSlug.status).toBe(403);
    expect(onSlug.body.code).toBe('FORBIDDEN');
    const onId = await api.host.put(
      `/questions/${other.multi.id}`,
      { resultsHidden: true },
      { secret: links.present },
    );
    expect(onId.status).toBe(403);
    const summary = await api.host.get(`/polls/${other.poll.slug}/summary`, {
      secret: links.results,
    });
    expect(summary.body.code).toBe('RESULTS_PRIVATE');
  });

  it('a forged link secret (right prefix, unknown) is LINK_REVOKED', async () => {
    const res = await api.host.get(`/polls/${slug()}/host`, { secret: 'moderate.no-existe' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('LINK_REVOKED');
  });
});

describe('managing links', () => {
  it('lists links with their last use, written at most once a minute', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const made = await link(api.host, poll, 'results', 'Dirección');
    expect(made.url).toMatch(new RegExp(`/r/${poll.slug}#results\\.[A-Za-z0-9_-]{43}$`));
    const before = await api.host.get(`/polls/${poll.slug}/cohosts`, { secret: poll.secret });
    expect(before.body.cohosts).toEqual([
      {
        id: made.id,
        scope: 'results',
        label: 'Dirección',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    await api.host.get(`/polls/${poll.slug}/summary`, { secret: made.secret });
    const after = await api.host.get(`/polls/${poll.slug}/cohosts`, { secret: poll.secret });
    const first = after.body.cohosts[0].lastUsedAt;
    expect(first).toEqual(expect.any(String));
    await api.host.get(`/polls/${poll.slug}/summary`, { secret: made.secret });
    const again = await api.host.get(`/polls/${poll.slug}/cohosts`, { secret: poll.secret });
    expect(again.body.cohosts[0].lastUsedAt).toBe(first);
  });

  it('each link has its own secret, stored hashed', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const a = await link(api.host, poll, 'moderate');
    const b = await link(api.host, poll, 'moderate');
    expect(a.secret).not.toBe(b.secret);
    const stored = await api.store.listCohosts((await api.store.getPollBySlug(poll.slug))!.id);
    for (const row of stored) {
      expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
      expect([a.secret, b.secret]).not.toContain(row.secretHash);
    }
  });

  it('revoking one link refuses its next call with LINK_REVOKED and leaves the others', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const gone = await link(api.host, poll, 'results');
    const kept = await link(api.host, poll, 'results');
    const revoked = await api.host.delete(`/polls/${poll.slug}/cohosts/${gone.id}`, {
      secret: poll.secret,
    });
    expect(revoked.status).toBe(204);
    const res = await api.host.get(`/polls/${poll.slug}/summary`, { secret: gone.secret });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'LINK_REVOKED',
      message: expect.stringMatching(/ya no es válido/),
    });
    expect(
      (await api.host.get(`/polls/${poll.slug}/summary`, { secret: kept.secret })).status,
    ).toBe(200);
    const again = await api.host.delete(`/polls/${poll.slug}/cohosts/${gone.id}`, {
      secret: poll.secret,
    });
    expect(again.status).toBe(404);
  });

  it('only the presenter code manages links, never a link', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const other = await openPollWithQuestions(api.host);
    const mine = await link(api.host, poll, 'moderate');
    for (const secret of [mine.secret, other.poll.secret]) {
      const res = await api.host.post(
        `/polls/${poll.slug}/cohosts`,
        { scope: 'moderate', label: 'x' },
        { secret },
      );
      expect(res.status).toBe(403);
    }
    // Another poll's presenter code cannot revoke this poll's link.
    const res = await api.host.delete(`/polls/${poll.slug}/cohosts/${mine.id}`, {
      secret: other.poll.secret,
    });
    expect(res.status).toBe(403);
  });

  it('refuses a label that is blank or too long, and a scope that does not exist', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    for (const body of [
      { scope: 'moderate', label: '  ' },
      { scope: 'moderate', label: 'x'.repeat(61) },
      { scope: 'admin', label: 'x' },
    ]) {
      const res = await api.host.post(`/polls/${poll.slug}/cohosts`, body, { secret: poll.secret });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('deleting the poll deletes its links', async () => {
    const { poll } = await openPollWithQuestions(api.host);
    const made = await link(api.host, poll, 'present');
    await addQuestion(api.host, poll, { text: 'Otra', type: 'yesno' });
    const pollId = (await api.store.getPollBySlug(poll.slug))!.id;
    expect((await api.host.delete(`/polls/${poll.slug}`, { secret: poll.secret })).status).toBe(
      204,
    );
    expect(await api.store.listCohosts(pollId)).toEqual([]);
    const res = await api.host.get(`/polls/${poll.slug}/host`, { secret: made.secret });
    expect(res.body.code).toBe('LINK_REVOKED');
  });

  it('every scope has a rule in the table for each route it is named in', () => {
    for (const rule of Object.values(ROUTE_SCOPES)) {
      for (const scope of rule.scopes) expect(COHOST_SCOPES).toContain(scope);
    }
  });
});
