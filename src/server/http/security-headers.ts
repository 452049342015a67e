import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response (pages, assets, API, streams, errors):
 * - CSP: scripts only from this origin (Vite emits module files, index.html has no inline
 *   script), no plugins, no <base> games, no framing by anyone: a page elsewhere cannot put
 *   /p/{slug} under a transparent layer and steer a visitor's click onto a vote. The one
 *   exception is /embed/{slug} (issue 28), read-only results with nothing to click, framed by
 *   this origin and the sites EMBED_ORIGINS lists.
 * - Styles allow 'unsafe-inline': sonner injects its stylesheet as a <style> element at run
 *   time. React's style props go through CSSOM, which CSP does not govern.
 * - Images from data: and blob: URLs: the favicon is a data: URI, the QR code is drawn to one.
 * - No upgrade-insecure-requests: on a LAN the app runs over plain http and must keep loading.
 * - HSTS only when the public origin is https; on http it would be ignored at best, and a LAN
 *   address must never be pinned to https.
 */
export function securityOptions({
  publicUrl,
  frameAncestors = ["'none'"],
}: {
  publicUrl?: string;
  frameAncestors?: readonly string[];
}): HelmetOptions {
  const https = publicUrl?.startsWith('https://') ?? false;
  const framedBySelfOnly = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: [...frameAncestors],
      },
    },
    // X-Frame-Options for browsers without frame-ancestors: it names no origin list, so with
    // EMBED_ORIGINS it is left out and the CSP alone decides.
    frameguard:
      frameAncestors[0] === "'none'"
        ? { action: 'deny' }
        : framedBySelfOnly
          ? { action: 'sameorigin' }
          : false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60 } : false,
  };
}

/**
 * The headers helmet sets with these options, computed once. They depend on nothing in the
 * request (no CSP nonces: no inline scripts), so building them per request was pure waste:
 * @fastify/helmet called helmet() for every request, re-parsing the CSP directives and
 * building its eleven middlewares each time (about a tenth of the server's CPU in the join
 * wave's profile).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // X-Powered-By: Node never sets it (helmet removes it for Express).
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/** The embeddable results view (issue 28): the one page another site may frame. */
export function isEmbedPath(url: string): boolean {
  return url.startsWith('/embed/');
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: { publicUrl?: string; embedOrigins?: readonly string[] },
) {
  const headers = securityHeaders(securityOptions({ publicUrl: config.publicUrl }));
  // /embed/{slug}: framed by this origin and the EMBED_ORIGINS, by nobody else.
  const embedHeaders = securityHeaders(
    securityOptions({
      publicUrl: config.publicUrl,
      frameAncestors: ["'self'", ...(config.embedOrigins ?? [])],
    }),
  );
  // On the raw response, as helmet did: a stream that hijacks its reply sends them too.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of isEmbedPath(request.url) ? embedHeaders : headers) {
      raw.setHeader(name, value);
    }
    done();
  });
}
