import { describe, expect, it } from 'vitest';
import { createPoll, setUpTestApp } from './api-client.ts';

/** Issue 24: duplicates get telling titles, and 'Mis encuestas' shows each poll's code. */
const api = setUpTestApp();

describe('duplicates and Mis encuestas', () => {
  it('numbers copies of copies and lists each with its join code', async () => {
    const poll = await createPoll(api.host, { title: 'Repaso' });
    const titles: string[] = [];
    let current = poll;
    const all = [poll];
    for (let i = 0; i < 3; i++) {
      const res = await api.host.post(`/polls/${current.slug}/duplicate`, undefined, {
        secret: current.secret,
      });
      expect(res.status).toBe(201);
      titles.push(res.body.title);
      current = { slug: res.body.slug, secret: res.body.host_secret, body: res.body };
      all.push(current);
    }
    expect(titles).toEqual(['Repaso (copia)', 'Repaso (copia 2)', 'Repaso (copia 3)']);

    const res = await api.host.post('/polls/lookup', {
      polls: all.map(({ slug, secret }) => ({ slug, secret })),
    });
    expect(res.status).toBe(200);
    const codes = res.body.polls.map((p: { joinCode: string }) => p.joinCode);
    expect(codes.every((c: string) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(4);
    const original = res.body.polls.find((p: { slug: string }) => p.slug === poll.slug);
    expect(original.joinCode).toBe(poll.body.joinCode);
  });
});
