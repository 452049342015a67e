import { describe, expect, it } from 'vitest';
import {
  answer,
  Client,
  createPoll,
  openPollWithQuestions,
  setStatus,
  setUpTestApp,
  votes,
} from './api-client.ts';

/** Issue 17: the same poll run again with the next group (reopen, reset in any status). */
const api = setUpTestApp();

const reset = (poll: { slug: string; secret: string }) =>
  api.host.post(`/polls/${poll.slug}/reset`, undefined, { secret: poll.secret });

describe('reopening a closed poll', () => {
  it('opens it again under its join code, and ballots count again', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    const code = poll.body.joinCode;
    await setStatus(api.host, poll, 'closed');
    expect((await api.host.get(`/join/${code}`)).status).toBe(404);
    const voter = new Client(api.app);
    expect((await voter.post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status).toBe(409);

    const reopened = await setStatus(api.host, poll, 'open');
    expect(reopened).toMatchObject({ status: 200, body: { status: 'open', joinCode: code } });
    expect((await api.host.get(`/join/${code}`)).body).toEqual({ slug: poll.slug });
    expect((await voter.post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status).toBe(201);
  });

  it('draws a new join code when another poll took the old one meanwhile', async () => {
    const poll = await createPoll(api.host);
    await setStatus(api.host, poll, 'open');
    await setStatus(api.host, poll, 'closed');
    const code = poll.body.joinCode;
    // A poll created while this one was closed drew the same code (rare by chance; forced here).
    const other = await api.store.createPoll({
      slug: 'otracosa',
      title: 'Otra clase',
      hostSecretHash: 'h'.repeat(64),
      joinCode: code,
      oneVotePerQuestion: true,
      resultsPublic: false,
      status: 'open',
    });

    const reopened = await setStatus(api.host, poll, 'open');
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.joinCode).toMatch(/^\d{6}$/);
    expect(reopened.body.joinCode).not.toBe(code);
    expect((await api.host.get(`/join/${reopened.body.joinCode}`)).body).toEqual({
      slug: poll.slug,
    });
    expect((await api.host.get(`/join/${code}`)).body).toEqual({ slug: other.slug });
  });

  it('needs the host secret', async () => {
    const poll = await createPoll(api.host);
    await setStatus(api.host, poll, 'open');
    await setStatus(api.host, poll, 'closed');
    const res = await api.host.patch(`/polls/${poll.slug}`, { status: 'open' });
    expect(res.status).toBe(401);
  });
});

describe('resetting votes starts a new run', () => {
  it('while open: the same phone votes again and counts, resetCount goes up', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    expect(poll.body.resetCount).toBe(0);
    const phone = new Client(api.app);
    expect((await phone.post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status).toBe(201);
    const again = await phone.post(votes(poll.slug), { answers: [answer(yesno, 0)] });
    expect(again.body.code).toBe('ALREADY_VOTED');

    expect(await reset(poll)).toMatchObject({ status: 200, body: { deletedVotes: 1 } });
    const after = await phone.get(`/polls/${poll.slug}`);
    expect(after.body).toMatchObject({ status: 'open', resetCount: 1 });
    expect((await phone.get(`/polls/${poll.slug}/me`)).body).toMatchObject({
      answeredQuestionIds: [],
    });
    const summary = (await api.host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret }))
      .body;
    expect(summary.totalVotes).toBe(0);

    expect((await phone.post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status).toBe(201);
    const next = (await api.host.get(`/polls/${poll.slug}/summary`, { secret: poll.secret })).body;
    expect(next.totalVotes).toBe(1);
    expect(next.questions[0].options[0].count).toBe(1);
  });

  it('after closing, a reset and a reopen make the poll usable for the next group', async () => {
    const { poll, yesno } = await openPollWithQuestions(api.host);
    await new Client(api.app).post(votes(poll.slug), { answers: [answer(yesno, 0)] });
    await setStatus(api.host, poll, 'closed');
    expect((await reset(poll)).body).toEqual({ deletedVotes: 1 });
    expect((await setStatus(api.host, poll, 'open')).body).toMatchObject({
      status: 'open',
      resetCount: 1,
    });
    expect(
      (await new Client(api.app).post(votes(poll.slug), { answers: [answer(yesno, 0)] })).status,
    ).toBe(201);
  });
});
