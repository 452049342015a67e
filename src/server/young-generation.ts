import { setFlagsFromString } from 'node:v8';

/**
 * Issue 29: loading and starting the server (modules, migrations, the web build) allocates
 * fast, and V8 answers by growing the young generation to its maximum (2 × 16 MB), which it
 * never gives back: an idle server held ~32 MB of empty young space. main.ts holds it before
 * anything else is even parsed (module loading is most of that allocation); `startDone`
 * restores V8's default growth, so traffic grows it as before (the throughput of a busy server
 * is unchanged; only what the start-up alone grew is not kept).
 *
 * For the same span V8 optimises for size: its heap then keeps start-up's garbage and pages
 * from staying resident (the idle server answered /health at 101–106 MB and fell to ~95 only
 * when V8's memory reducer ran, ~9 s later; with it, 91–95 MB from the first second). It is
 * turned off again once the server listens, so requests run with V8's defaults.
 */
const DEFAULT_GROWTH_FACTOR = 2;

export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--optimize-for-size');
}

export function youngGenerationStartDone(): void {
  setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
  setFlagsFromString('--no-optimize-for-size');
}
