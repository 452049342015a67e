import { describe, expect, it } from 'vitest';
import { setUpTestApp } from './api-client.ts';

const api = setUpTestApp();

describe('a database that cannot answer', () => {
  it('is a 503 SERVICE_UNAVAILABLE with Retry-After, not a 500', async () => {
    // A slug no cache has seen, so the request reaches the store.
    const slug = 'zzzzzzzz';
    const original = api.store.getPollBySlug.bind(api.store);
    api.store.getPollBySlug = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    };
    try {
      const res = await api.app.inject({ method: 'GET', url: `/api/v1/polls/${slug}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(res.json().message).toMatch(/no está disponible/);
    } finally {
      api.store.getPollBySlug = original;
    }
  });
});
