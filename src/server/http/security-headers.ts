import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (pages, assets, API, streams, errors):
 * - CSP: scripts only from this origin (Vite emits module files, index.html has no inline
 *   script), no plugins, no <base> games, no framing by anyone: a page elsewhere cannot put
 *   /p/{slug} under a transparent layer and steer a visitor's click onto a vote.
 * - Styles allow 'unsafe-inline': sonner injects its stylesheet as a <style> element at run
 *   time. React's style props go through CSSOM, which CSP does not govern.
 * - Images from data: and blob: URLs: the favicon is a data: URI, the QR code is drawn to one.
 * - No upgrade-insecure-requests: on a LAN the app runs over plain http and must keep loading.
 * - HSTS only when the public origin is https; on http it would be ignored at best, and a LAN
 *   address must never be pinned to https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { publicUrl }: { publicUrl?: string },
): Promise<void> {
  const https = publicUrl?.startsWith('https://') ?? false;
  await app.register(fastifyHelmet, {
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
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60 } : false,
  });
}
