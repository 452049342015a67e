// `npm start`: build the web app if needed, then run the server in this same process so that
// SIGTERM/SIGINT reach it directly.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
await import('../src/server/main.ts');
