// `npm start`: build the web app and compile the server if needed, then run the compiled server
// in this same process so that SIGTERM/SIGINT reach it directly.
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
ensureServerBuild();
await import('../build/server/main.js');
