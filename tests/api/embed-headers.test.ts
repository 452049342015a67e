import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import {
  openPollWithQuestions,
  type SharedTestApp,
  setUpTestApp,
  tempWebDir,
} from './api-client.ts';

const html = { accept: 'text/html' };

function framing(res: { headers: Record<string, unknown> }) {
  const csp = String(res.headers['content-security-policy']);
  return {
    ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1],
    xfo: res.headers['x-frame-options'],
  };
}

/** Every other kind of response: pages, assets, API reads and writes, errors. */
async function otherResponses(api: SharedTestApp) {
  const { poll } = await openPollWithQuestions(api.host, { resultsPublic: true });
  const paths = [
    '/',
    `/p/${poll.slug}`,
    `/r/${poll.slug}`,
    `/host/${poll.slug}`,
    `/present/${poll.slug}`,
    '/embedded',
    '/no/existe',
    '/assets/main-abc123.js',
    `/api/v1/polls/${poll.slug}`,
    `/api/v1/polls/${poll.slug}/summary`,
    '/api/v1/polls/no-existe',
  ];
  return Promise.all(
    paths.map(async (url) => ({
      url,
      res: await api.app.inject({ method: 'GET', url, headers: html }),
    })),
  );
}

describe('without EMBED_ORIGINS', () => {
  const api = setUpTestApp({ config: { webDir: tempWebDir() } });

  it('/embed/{slug} may be framed by this origin only', async () => {
    const { poll } = await openPollWithQuestions(api.host, { resultsPublic: true });
    for (const url of [`/embed/${poll.slug}`, `/embed/${poll.slug}?q=1&join=0`]) {
      const res = await api.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(framing(res), url).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
    }
  });

  it("every other response keeps frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const { url, res } of await otherResponses(api)) {
      expect(framing(res), url).toEqual({ ancestors: "'none'", xfo: 'DENY' });
    }
  });
});

describe('with EMBED_ORIGINS', () => {
  const origins = ['https://slides.example.org', 'http://127.0.0.1:8123'];
  const api = setUpTestApp({ config: { webDir: tempWebDir(), embedOrigins: origins } });

  it('/embed/{slug} may be framed by this origin and the listed ones, by CSP alone', async () => {
    const { poll } = await openPollWithQuestions(api.host, { resultsPublic: true });
    const res = await api.app.inject({ method: 'GET', url: `/embed/${poll.slug}`, headers: html });
    expect(framing(res)).toEqual({
      ancestors: "'self' https://slides.example.org http://127.0.0.1:8123",
      // X-Frame-Options cannot name a list: left out, so it never contradicts the CSP.
      xfo: undefined,
    });
  });

  it("every other response still keeps frame-ancestors 'none'", async () => {
    for (const { url, res } of await otherResponses(api)) {
      expect(framing(res), url).toEqual({ ancestors: "'none'", xfo: 'DENY' });
    }
  });

  it('every route, /embed/ included, keeps the rest of the policy: own scripts only', async () => {
    // Issue 28's "CSP headers per route": only frame-ancestors may differ between routes.
    const { poll } = await openPollWithQuestions(api.host, { resultsPublic: true });
    const embed = await api.app.inject({
      method: 'GET',
      url: `/embed/${poll.slug}`,
      headers: html,
    });
    const rest = (res: { headers: Record<string, unknown> }) =>
      String(res.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim())
        .filter((directive) => !directive.startsWith('frame-ancestors'));
    const policy = rest(embed);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy.join(';')).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    for (const { url, res } of await otherResponses(api)) expect(rest(res), url).toEqual(policy);
  });
});

describe('EMBED_ORIGINS at start', () => {
  const env = (value: string) => loadConfig({ EMBED_ORIGINS: value });

  it('takes a comma list of origins, trailing slashes and spaces aside', () => {
    expect(env('https://a.example.org/, http://localhost:8000').embedOrigins).toEqual([
      'https://a.example.org',
      'http://localhost:8000',
    ]);
    expect(env('').embedOrigins).toEqual([]);
    expect(loadConfig({}).embedOrigins).toEqual([]);
  });

  it.each([
    'slides.example.org',
    'https://a.example.org/deck',
    '*',
    "'self'",
    'https://*.example.org',
    'ftp://a.example.org',
    'https://a.example.org; script-src *',
  ])('stops the server with a clear message for %s', (value) => {
    expect(() => env(value)).toThrow(/EMBED_ORIGINS=.*is not an origin/);
  });
});
