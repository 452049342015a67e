import type { PollFile } from '../../../contract/index.ts';
import type { PollStore } from '../../store/store.ts';
import { findPollAsHost, settingsOf } from '../poll-view.ts';
import { toFileQuestion } from './question-types.ts';

/** 'Exportar encuesta': the poll as a Sondeo file, settings in a fixed order so the same poll
 *  always writes the same bytes. */
export async function writePollFile(
  store: PollStore,
  slug: string,
  secret: string | undefined,
): Promise<{ file: PollFile; json: string }> {
  const poll = await findPollAsHost(store, slug, secret);
  const questions = await store.listQuestions(poll.id);
  const settings = settingsOf(poll);
  const file: PollFile = {
    sondeo: 1,
    title: poll.title,
    settings,
    blockedWords: await store.listBlockedWords(poll.id),
    questions: questions.map(toFileQuestion),
  };
  return { file, json: `${JSON.stringify(file, null, 2)}\n` };
}
