import { Loading } from '../../components/ui/loading.tsx';
import { esRanking as t } from '../../i18n/es-ranking.ts';
import { Legend } from '../legend.tsx';
import type { PhoneFieldProps } from '../phone-field-props.ts';
import { RankingList, shownOrder, useShuffledOrder } from './ranking-list.tsx';

/**
 * 'Ordenar' on the phone: the options shuffled, reordered with buttons. The question counts as
 * answered once the person moved one, or said the shuffled order is theirs ('Dejar este
 * orden'): an order nobody touched is not an opinion.
 */
export function RankingField({ question, position, reply, onReply }: PhoneFieldProps) {
  const shuffled = useShuffledOrder(question);
  const hintId = `q-${question.id}-hint`;
  if (!shuffled) return <Loading />;
  const order = shownOrder(question, reply, shuffled);
  const answered = Array.isArray(reply) && order === reply;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
      <Legend question={question} position={position} />
      <p id={hintId} className="-mt-1 text-base text-muted-foreground">
        {t.hint}
      </p>
      <RankingList question={question} order={order} onChange={onReply} />
      {answered ? (
        <p className="text-base text-muted-foreground">{t.kept}</p>
      ) : (
        <button
          type="button"
          className="min-h-11 self-start rounded-lg px-1 text-base font-medium text-primary underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          onClick={() => onReply([...order])}
        >
          {t.keep}
        </button>
      )}
    </fieldset>
  );
}
