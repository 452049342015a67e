import { useRef, useState, useSyncExternalStore } from 'react';
import type { Question } from '../../../contract/poll.ts';
import { MathText } from '../../components/math-text.tsx';
import { Button } from '../../components/ui/button.tsx';
import { esRanking as t } from '../../i18n/es-ranking.ts';
import { cn } from '../../lib/cn.ts';
import { deviceSeed, isOrderOf, moveTo, shuffledOrder } from './order.ts';

const noSubscribe = () => () => {};

/**
 * The shuffled order of a question's options on this phone. Null while hydrating a page the
 * server rendered (the server cannot know this phone's seed), so the markup matches; the
 * shuffle follows at once.
 */
export function useShuffledOrder(question: Question): number[] | null {
  const seed = useSyncExternalStore(noSubscribe, deviceSeed, () => null);
  if (seed === null) return null;
  return shuffledOrder(
    question.options.map((o) => o.id),
    seed,
    question.id,
  );
}

type Action = 'top' | 'up' | 'down';

type RankingListProps = {
  question: Question;
  /** The order shown: the person's, else the shuffled one. */
  order: readonly number[];
  onChange: (order: number[]) => void;
  disabled?: boolean;
};

/**
 * The options as an ordered list, each with 'Al principio', 'Subir' and 'Bajar' (real buttons:
 * keyboard and screen reader included, no dragging needed). Each move is said in a live region
 * ('Fotosíntesis, posición 2 de 5') and the focus stays on the moved option.
 */
export function RankingList({ question, order, onChange, disabled }: RankingListProps) {
  const [said, setSaid] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const textOf = new Map(question.options.map((o) => [o.id, o.text]));

  function move(id: number, action: Action) {
    const from = order.indexOf(id);
    const to = action === 'top' ? 0 : action === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= order.length || to === from) return;
    onChange(moveTo(order, from, to));
    setSaid(t.moved(textOf.get(id) ?? '', to + 1, order.length));
    // The same button on the moved option, or its other direction once at an end.
    const next: Action =
      to === 0 && action !== 'down' ? 'down' : to === order.length - 1 ? 'up' : action;
    requestAnimationFrame(() => buttons.current.get(`${id}:${next}`)?.focus());
  }

  const button = (id: number, action: Action, place: number) => {
    const off = action === 'down' ? place === order.length - 1 : place === 0;
    const label = { top: t.top, up: t.up, down: t.down }[action];
    return (
      <Button
        type="button"
        variant="outline"
        ref={(node) => {
          if (node) buttons.current.set(`${id}:${action}`, node);
          else buttons.current.delete(`${id}:${action}`);
        }}
        className={cn(
          'h-11 min-w-11 px-3 text-sm',
          action === 'top' && 'hidden min-[380px]:inline-flex',
        )}
        aria-label={t.action(label, textOf.get(id) ?? '')}
        disabled={disabled || off}
        onClick={() => move(id, action)}
        data-action={action}
      >
        <span aria-hidden="true" className="text-base leading-none">
          {action === 'top' ? '⤒' : action === 'up' ? '↑' : '↓'}
        </span>
        <span>{label}</span>
      </Button>
    );
  };

  return (
    <>
      <ol className="flex flex-col gap-2" data-testid="ranking-list">
        {order.map((id, place) => (
          <li
            key={id}
            data-testid="ranking-item"
            className="flex flex-col gap-2 rounded-xl border-2 border-border bg-card px-3 py-2"
          >
            <span className="flex min-h-8 items-baseline gap-2">
              <span
                className="w-7 shrink-0 text-lg font-bold text-muted-foreground tabular-nums"
                aria-hidden="true"
              >
                {place + 1}
              </span>
              <span className="min-w-0 flex-1 text-base [overflow-wrap:anywhere]">
                <MathText text={textOf.get(id) ?? ''} />
              </span>
            </span>
            <span className="flex justify-end gap-2">
              {button(id, 'top', place)}
              {button(id, 'up', place)}
              {button(id, 'down', place)}
            </span>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite" data-testid="ranking-said">
        {said}
      </p>
    </>
  );
}

/** The order to show: the person's while it still fits the options, else the shuffle. */
export function shownOrder(
  question: Question,
  reply: unknown,
  shuffled: readonly number[],
): readonly number[] {
  const ids = question.options.map((o) => o.id);
  return Array.isArray(reply) && isOrderOf(reply, ids) ? reply : shuffled;
}
