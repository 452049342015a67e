// A Vite plugin for the client build, so `npm run build`, `npm start`'s build and a bare
// `vite build` all leave the same dist/web: source maps moved out of the served folder, and a
// .br and a .gz beside every text asset.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Source maps (2.6 MB, the app's whole source) would be public next to the assets: they go to
 * dist/sourcemaps, which nothing serves, for whoever debugs a production stack trace.
 */
export function moveSourceMaps(webDir: string, mapsDir: string): void {
  rmSync(mapsDir, { recursive: true, force: true });
  for (const path of files(webDir)) {
    if (!path.endsWith('.map')) continue;
    const target = join(mapsDir, relative(webDir, path));
    mkdirSync(dirname(target), { recursive: true });
    renameSync(path, target);
  }
}

/**
 * Writes .br and .gz beside every text asset, so the server sends 200 phones on one classroom
 * Wi-Fi a fraction of the bytes without compressing per request (plain http on a LAN gets gzip:
 * browsers ask for brotli only over https). The gzip is Zopfli's: any browser inflates it, and it
 * is ~3.5 % smaller than zlib's level 9 (3.2 kB of the vote page's 97), for ~3 s of build.
 */
export async function precompress(dir: string): Promise<void> {
  for (const path of files(dir)) {
    if (!/\.(js|css|html|svg|json)$/.test(path)) continue;
    const content = readFileSync(path);
    writeFileSync(`${path}.gz`, await gzipAsync(content, { numiterations: 15 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
  }
}

export function buildOutput(): Plugin {
  let outDir = '';
  let isSsr = false;
  return {
    name: 'sondeo-build-output',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      isSsr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (isSsr) return;
      moveSourceMaps(outDir, join(outDir, '../sourcemaps'));
      await precompress(outDir);
    },
  };
}
