import type { ComponentType, ReactNode } from 'react';
import type { QuestionType } from '../../../../contract/poll.ts';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { Histogram } from '../../../question-types/number/histogram.tsx';
import { RankingResults } from '../../../question-types/ranking/ranking-results.tsx';
import { RankedOptions } from './option-results.tsx';
import { ScaleResults } from './scale-results.tsx';
import { TextResults } from './text-results.tsx';

export type ResultsViewProps = {
  slug: string;
  question: SummaryQuestion;
  showPercent: boolean;
  /** Projector sizes: read from the back of a room. */
  large: boolean;
  /** The host's moderation, below a moderated type's results (question-types traits). */
  moderation?: ReactNode;
};

/** Each question type's results (its counts shown): the views are the results page's own. */
export const resultsViews: Record<QuestionType, ComponentType<ResultsViewProps>> = {
  single: RankedOptions,
  multiple: RankedOptions,
  yesno: RankedOptions,
  text: TextResults,
  scale: ScaleResults,
  ranking: RankingResults,
  number: ({ question, large }) => <Histogram question={question} variant="page" large={large} />,
};
