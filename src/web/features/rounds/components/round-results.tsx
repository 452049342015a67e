import { GitCompareArrows } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { esRounds as t } from '../../../i18n/es-rounds.ts';
import { cn } from '../../../lib/cn.ts';
import { useComparison, useRoundList, useRoundSummary } from '../api/rounds.ts';
import { ArchivedRound } from './archived-round.tsx';
import { ComparisonView } from './comparison.tsx';
import { RoundPodiums, RoundStandings } from './round-podium.tsx';

type Props = {
  slug: string;
  secret: string | null;
  variant: 'page' | 'projector';
  /** The live results of the current round, shown while it is the one picked. */
  children?: ReactNode;
  /** Start comparing the first and the current round (the projector's overlay). */
  startComparing?: boolean;
};

/**
 * Issue 27: the round selector and 'Comparar' above the results. With no archived round (or
 * results this caller may not see) it is only `children`: a poll never run twice looks as
 * before.
 */
export function RoundResults({ slug, secret, variant, children, startComparing }: Props) {
  const list = useRoundList(slug, secret);
  const [picked, setPicked] = useState<number | null>(null);
  const [comparing, setComparing] = useState(startComparing ?? false);
  const [pair, setPair] = useState<[number, number] | null>(null);
  const rounds = list.data?.rounds ?? [];
  const current = list.data?.current ?? 1;
  const shown = picked !== null && picked < current ? picked : null;
  const comparedPair: [number, number] | null =
    comparing && rounds.length > 0 ? (pair ?? [rounds[0]!.round, current]) : null;
  const archived = useRoundSummary(slug, secret, comparing ? null : shown);
  const comparison = useComparison(slug, secret, comparedPair);
  if (rounds.length === 0) return <>{children}</>;

  const all = [...rounds.map((r) => r.round), current];
  const name = (n: number) => (n === current ? t.currentName(n) : t.roundName(n));
  // The page's own column (as the results screen's); the projector's overlay has its own.
  const column = variant === 'page' ? 'mx-auto w-full max-w-5xl px-4' : '';
  return (
    <div className="grid gap-4">
      <fieldset
        className={cn('flex flex-wrap items-end gap-3', column, variant === 'page' && 'pt-4')}
        data-testid="round-bar"
      >
        <legend className="sr-only">{t.card}</legend>
        {comparing && comparedPair ? (
          <>
            <RoundSelect
              label={t.firstRound}
              value={comparedPair[0]}
              options={all.filter((n) => n !== comparedPair[1])}
              name={name}
              onChange={(n) => setPair([n, comparedPair[1]])}
            />
            <RoundSelect
              label={t.lastRound}
              value={comparedPair[1]}
              options={all.filter((n) => n !== comparedPair[0])}
              name={name}
              onChange={(n) => setPair([comparedPair[0], n])}
            />
          </>
        ) : (
          <RoundSelect
            label={t.pickerLabel}
            value={shown ?? current}
            options={all}
            name={name}
            onChange={(n) => setPicked(n)}
          />
        )}
        <Button
          variant={comparing ? 'default' : 'outline'}
          aria-pressed={comparing}
          onClick={() => setComparing((on) => !on)}
        >
          <GitCompareArrows aria-hidden="true" />
          {t.compare}
        </Button>
      </fieldset>
      {comparing || shown !== null ? (
        <div className={cn('grid gap-4', column, variant === 'page' && 'pb-8')}>
          {comparing ? (
            comparison.data ? (
              <>
                <h2
                  className={cn('font-semibold', variant === 'projector' ? 'text-3xl' : 'text-xl')}
                >
                  {t.compareTitle(comparison.data.rounds[0], comparison.data.rounds[1])}
                </h2>
                <RoundPodiums
                  slug={slug}
                  secret={secret}
                  rounds={comparison.data.rounds}
                  variant={variant}
                />
                <ComparisonView comparison={comparison.data} variant={variant} />
              </>
            ) : (
              <Loading />
            )
          ) : archived.data && shown !== null ? (
            <>
              <RoundStandings slug={slug} secret={secret} round={shown} variant={variant} />
              <ArchivedRound summary={archived.data} round={shown} variant={variant} />
            </>
          ) : (
            <Loading />
          )}
        </div>
      ) : (
        children
      )}
    </div>
  );
}

function RoundSelect({
  label,
  value,
  options,
  name,
  onChange,
}: {
  label: string;
  value: number;
  options: number[];
  name: (n: number) => string;
  onChange: (n: number) => void;
}) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <select
        className="h-10 min-w-40 rounded-md border bg-background px-3 text-base"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {name(n)}
          </option>
        ))}
      </select>
    </label>
  );
}
