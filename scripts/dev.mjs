// `npm run dev`: the API server on API_PORT (default 3000) and Vite's dev server with /api proxied.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
for (const child of children) child.on('exit', (code) => process.exit(code ?? 0));
