import { describe, expect, it } from 'vitest';
import type { PollStore } from '../../src/server/store/store.ts';
import { freshStorePerTest } from './test-fresh-store.ts';
import { testJoinCode } from './test-join-codes.ts';

/**
 * Issue 27, part A on every engine (migration 020), called beside `storeContract`: the poll
 * setting 'Resultados tras votar' and a question's 'Explicación' are stored, read back by every
 * read (the poll, its questions, one question), changed, cleared and copied with the poll.
 */
export function afterVoteContract(engine: string, factory: () => Promise<PollStore>): void {
  describe(`PollStore 'Resultados tras votar' and 'Explicación' (${engine})`, () => {
    const current = freshStorePerTest(factory);
    let n = 0;
    // 500 characters with accents and an emoji: the column holds all of them (no varchar cut).
    const LONG = `${'Ñandú árbol 👍 '.repeat(33)}fin`.slice(0, 500);

    async function newPoll(s: PollStore, resultsAfterVote?: boolean) {
      n += 1;
      return s.createPoll({
        slug: `after${n}xxxx`,
        title: 'Clase',
        hostSecretHash: 'h'.repeat(64),
        joinCode: testJoinCode(),
        oneVotePerQuestion: true,
        resultsPublic: false,
        ...(resultsAfterVote === undefined ? {} : { resultsAfterVote }),
        questions: [
          { text: 'Con', type: 'single', explanation: LONG, options: [{ text: 'A' }] },
          { text: 'Sin', type: 'yesno', options: [{ text: 'Sí' }, { text: 'No' }] },
        ],
      });
    }

    it('stores the setting, off by default, and changes it', async () => {
      const s = current.store;
      const off = await newPoll(s);
      expect(off.resultsAfterVote).toBe(false);
      const on = await newPoll(s, true);
      expect((await s.getPollBySlug(on.slug))?.resultsAfterVote).toBe(true);
      const changed = await s.updatePoll(off.id, { resultsAfterVote: true });
      expect(changed?.resultsAfterVote).toBe(true);
      expect((await s.getPollById(off.id))?.resultsAfterVote).toBe(true);
    });

    it('stores an explanation with the question, reads it everywhere, changes and clears it', async () => {
      const s = current.store;
      const poll = await newPoll(s);
      const [withOne, without] = await s.listQuestions(poll.id);
      expect(withOne?.explanation).toBe(LONG);
      expect(without?.explanation).toBeNull();
      expect((await s.getQuestion(withOne!.id))?.explanation).toBe(LONG);
      const added = await s.addQuestion(poll.id, {
        text: 'Nueva',
        type: 'text',
        explanation: 'Porque sí',
        options: [],
      });
      expect(added.explanation).toBe('Porque sí');
      const edited = await s.updateQuestion(without!.id, { explanation: 'Ahora sí' });
      expect(edited?.explanation).toBe('Ahora sí');
      // A change of something else keeps it.
      const renamed = await s.updateQuestion(without!.id, { text: 'Otra' });
      expect(renamed?.explanation).toBe('Ahora sí');
      const cleared = await s.updateQuestion(without!.id, { explanation: null });
      expect(cleared?.explanation).toBeNull();
      expect((await s.listQuestions(poll.id)).map((q) => q.explanation)).toEqual([
        LONG,
        null,
        'Porque sí',
      ]);
    });
  });
}
