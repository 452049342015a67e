// `npm test` step: the participant page (/p/{slug}: its HTML and every script and stylesheet it
// loads) must stay within PARTICIPANT_BUDGET_BYTES as gzip, the encoding a phone gets over plain
// http on a LAN. Fails (exit 1) when exceeded. Needs the web build (dist/web and dist/server).
import { measureRoutes } from './route-bytes.ts';

/** Issue 11: a phone on classroom Wi-Fi downloads at most 100 KB (gzip) to see and answer a poll. */
export const PARTICIPANT_BUDGET_BYTES = 100_000;

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const routes = await measureRoutes();
for (const [name, byEncoding] of Object.entries(routes)) {
  console.log(
    `${name}{slug}: gzip ${kb(byEncoding.gzip.total)}, brotli ${kb(byEncoding.br.total)}`,
  );
}
const vote = routes['/p/'];
if (!vote) throw new Error('no /p/ measurement');
for (const file of vote.gzip.files) console.log(`  ${kb(file.bytes).padStart(9)}  ${file.path}`);
if (vote.gzip.total > PARTICIPANT_BUDGET_BYTES) {
  console.error(
    `The participant page is ${kb(vote.gzip.total)} gzip, over its budget of ${kb(PARTICIPANT_BUDGET_BYTES)}.`,
  );
  process.exit(1);
}
console.log(`Within the budget of ${kb(PARTICIPANT_BUDGET_BYTES)} (gzip).`);
