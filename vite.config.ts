import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web and builds to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The shared chunk (React, router, query, zod) is ~515 kB raw but 136 kB as brotli, which
    // is what phones download; route screens are split off.
    chunkSizeWarningLimit: 600,
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
});
