import type BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { PollStore } from '../../src/server/store/store.ts';

/**
 * The benches' three-question poll (single of 4, multiple of 4, yes/no as 2 options), open,
 * made through the store itself: the store-level benches and the floor server have no HTTP
 * API to make it with.
 */
export async function addBenchPoll(store: PollStore, slug: string) {
  const poll = await store.createPoll({
    slug,
    title: 'Banco',
    hostSecretHash: 'h',
    joinCode: '123456',
    oneVotePerQuestion: true,
    resultsPublic: false,
    status: 'open',
  });
  const options = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `o${i}` }));
  const questions = [
    await store.addQuestion(poll.id, { text: 'a', type: 'single', options: options(4) }),
    await store.addQuestion(poll.id, { text: 'b', type: 'multiple', options: options(4) }),
    await store.addQuestion(poll.id, { text: 'c', type: 'single', options: options(2) }),
  ] as const;
  return { poll, questions };
}

/** A bench's bare server: listens on PORT and closes its database on SIGTERM (processes.ts). */
export async function serveUntilTerm(app: FastifyInstance, db: BetterSqlite3.Database) {
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.on('SIGTERM', () => {
    void app.close().then(() => {
      db.close();
      process.exit(0);
    });
  });
}
