import { setFlagsFromString } from 'node:v8';

/**
 * Issue 29: loading and starting the server (modules, migrations, the web build) allocates
 * fast, and V8 answers by growing the young generation to its maximum (2 × 16 MB), which it
 * never gives back: an idle server held ~32 MB of empty young space. main.ts holds it before
 * anything else is even parsed (module loading is most of that allocation); `startDone`
 * restores V8's default growth, so traffic grows it as before (the throughput of a busy server
 * is unchanged; only what the start-up alone grew is not kept).
 */
const DEFAULT_GROWTH_FACTOR = 2;

export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

export function youngGenerationStartDone(): void {
  setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
