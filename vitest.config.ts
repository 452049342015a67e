import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two files at once at least, also on CI's two cores: most unit files wait on PostgreSQL, Redis,
// spawned servers and timers rather than on the CPU, and one file at a time left the machine
// half idle (unit and web: 660 s one at a time, 475 s two at a time, 2026-11-29).
const workers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: workers,
          include: [
            'src/server/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'tests/api/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          maxWorkers: workers,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/helpers/web-setup.ts'],
          // jsdom plus userEvent takes a second or two per test on a busy 2-core machine; the
          // default 5 s failed a form test there while it passes in ~1 s alone.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // One Chromium for every file, and the compiled server (support/global-setup.ts).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file drives browser pages against its own server; one at a time keeps timing
          // assertions honest on a two-core machine.
          fileParallelism: false,
          // The files run one after another in one worker process, not a fresh one each (no
          // fork, Playwright and the helpers imported once). No file mocks modules or changes
          // globals; each has its own server and its own browser contexts.
          isolate: false,
          // Runs after the unit and web projects, so the browsers do not compete with them.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
