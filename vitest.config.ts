import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file drives its own Chromium against its own server; one at a time keeps timing
          // assertions honest on a two-core machine.
          fileParallelism: false,
          // Runs after the unit and web projects, so the browsers do not compete with them.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
