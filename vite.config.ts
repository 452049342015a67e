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
