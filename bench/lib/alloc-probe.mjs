// Preloaded into a bench server (`node --import bench/lib/alloc-probe.mjs`; bench/ballot-alloc.ts):
// each SIGUSR2 ends a window and starts the next, printing `ALLOC-MARK {json}` on stdout with the
// bytes the window allocated on V8's heap. Allocated = used heap at the end − used at the start
// + what every collection in between freed (v8.GCProfiler: used size before and after each), so
// no collection has to be forced and no trace line ordered against the process's own output.
// With ALLOC_PROFILE_DIR, each window also writes a sampling heap profile that keeps the objects
// collections freed (a request's garbage is what is looked for), window-<n>.heapprofile.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import v8 from 'node:v8';

const profileDir = process.env.ALLOC_PROFILE_DIR;
const session = profileDir ? new Session() : undefined;
session?.connect();
let window = 0;
let profiler;
let usedAtStart = 0;

process.on('SIGUSR2', () => {
  const used = v8.getHeapStatistics().used_heap_size;
  if (profiler) {
    const gcs = profiler.stop()?.statistics ?? [];
    const freed = gcs.reduce(
      (sum, gc) =>
        sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize,
      0,
    );
    const byType = {};
    for (const gc of gcs) byType[gc.gcType] = (byType[gc.gcType] ?? 0) + 1;
    session?.post('HeapProfiler.stopSampling', (error, result) => {
      if (!error) {
        writeFileSync(
          join(profileDir, `window-${window}.heapprofile`),
          JSON.stringify(result.profile),
        );
      }
    });
    process.stdout.write(
      `ALLOC-MARK ${JSON.stringify({ window, allocated: used - usedAtStart + freed, gcs: byType })}\n`,
    );
  } else {
    process.stdout.write('ALLOC-MARK {}\n');
  }
  window++;
  session?.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  usedAtStart = v8.getHeapStatistics().used_heap_size;
  profiler = new v8.GCProfiler();
  profiler.start();
});
