import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createPoll, setStatus, testApp } from './api-client.ts';

/**
 * Issue 24: deleting an audience question logged FST_ERR_REP_ALREADY_SENT with status 500 (the
 * handler answered 204 and the route answered again). The server's own log must say nothing of it.
 */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
let made: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  made = await testApp({ config: { logger: { level: 'info', stream: logStream } } });
});
afterAll(() => made.close());

describe('deleting an audience question', () => {
  it('answers 204 once and logs no second reply', async () => {
    const host = new Client(made.app);
    const poll = await createPoll(host, { title: 'Charla', settings: { qa: true } });
    await setStatus(host, poll, 'open');
    const phone = new Client(made.app);
    const asked = await phone.post(`/polls/${poll.slug}/qa`, { text: '¿Habrá examen?' });
    expect(asked.status).toBe(201);
    const res = await host.delete(`/polls/${poll.slug}/qa/${asked.body.id}`, {
      secret: poll.secret,
    });
    expect(res.status).toBe(204);
    // Give a late second reply the turn it would take.
    await new Promise((r) => setTimeout(r, 50));
    const log = lines.join('');
    expect(log).not.toContain('FST_ERR_REP_ALREADY_SENT');
    expect(log).not.toContain('"statusCode":500');
    const listed = await host.get(`/polls/${poll.slug}/qa`, { secret: poll.secret });
    expect(listed.body.questions ?? listed.body).not.toContainEqual(
      expect.objectContaining({ id: asked.body.id }),
    );
  });
});
