import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildOutput } from './scripts/build-output.ts';

/**
 * Everything the vote page runs, in one file: one gzip stream compresses ~4 KB better than the
 * dozen pieces the bundler would otherwise share out between the screens. Other screens load
 * their own code on top (it costs them a few KB of vote code, which they do not budget).
 */
const PARTICIPANT_CODE = new RegExp(
  [
    String.raw`/node_modules/(react|react-dom|scheduler|@tanstack/[^/]+)/`,
    String.raw`/src/contract/(endpoints|limits)\.ts`,
    String.raw`/src/web/(main|i18n/es-core|components/(header|math-text)|lib/math/split-math|components/ui/(button|empty-state|icons|loading))\.tsx?`,
    String.raw`/src/web/lib/(api-client|live-stream|query|voted|toast|navigation|fullscreen|ssr-state|order|cn|sse-parser)\.tsx?`,
    String.raw`/src/web/app/(participant|shell|vote-page)\.tsx`,
    String.raw`/src/web/features/vote/(api|components|lib)/[a-z-]+\.tsx?`,
  ].join('|'),
);

function participantChunk(id: string): string | undefined {
  if (id.includes('/components/app-toaster') || id.endsWith('.test.tsx')) return undefined;
  // The presenter pace's form is loaded only by the polls that use it (vote-screen lazy()).
  if (id.includes('/features/vote/components/paced-vote')) return undefined;
  // So are the open-text and scale fields (vote/lib/open-fields-loader.ts).
  if (id.includes('/features/vote/components/open-fields')) return undefined;
  // Paged queries serve only the results list and the host's moderation (lib/text-answers.ts).
  if (/\/(useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/.test(id)) {
    return undefined;
  }
  // Vite's modulepreload polyfill too: the page's entry is then this chunk itself rather than a
  // file of its own holding the polyfill and an import of this one (a request, ~0.2 KB gzip).
  if (id.includes('vite/modulepreload-polyfill')) return 'participant';
  return PARTICIPANT_CODE.test(id) ? 'participant' : undefined;
}

// The web app lives in src/web and builds to dist/web, which the Fastify server serves; the
// server-rendering entry builds to dist/server (`vite build --ssr`, see scripts/web-build.mjs).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss(), buildOutput()],
  // The server-side module carries its own React (a devDependency): dist/server runs without
  // node_modules' web packages, in production mode whatever NODE_ENV says.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild
    ? { outDir: '../../dist/server', emptyOutDir: true, sourcemap: false, target: 'node20' }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        // Written, then moved to dist/sourcemaps by buildOutput(): never served.
        sourcemap: 'hidden',
        // The server reads it to preload the participant page's chunks.
        manifest: true,
        rollupOptions: { output: { manualChunks: participantChunk } },
      },
  server: {
    host: true,
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`,
        changeOrigin: false,
      },
    },
  },
}));
