import type { ComponentType } from 'react';
import type { QuestionType } from '../../../../contract/poll.ts';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { es } from '../../../i18n/es.ts';
import { esNumber } from '../../../i18n/es-number.ts';
import { formatNumber } from '../../../question-types/number/format.ts';
import { Histogram } from '../../../question-types/number/histogram.tsx';
import { slideOptions } from '../lib/slide.ts';
import type { SlideView } from './fitted-slide.tsx';
import { CloudSlide, cloudAnnouncement, ScaleSlide, scaleAnnouncement } from './open-slides.tsx';
import { OptionBars } from './option-bars.tsx';
import { RankingSlide, rankingAnnouncement } from './ranking-slide.tsx';

const t = es.presenter;

type SlideBody = {
  /** What fills the slide below the question (its results shown). */
  Body: ComponentType<{ question: SummaryQuestion; view: SlideView }>;
  /** The rows the slide measures and pages (fitted-slide.tsx); 0 for a body that fills the
   *  space left as it is (a cloud, a scale). */
  items: (question: SummaryQuestion) => number;
  /** What a screen reader hears when the results change (after the question). */
  announce: (question: SummaryQuestion) => string;
};

const optionBars: SlideBody = {
  Body: OptionBars,
  items: (question) => question.options.length,
  announce: (question) =>
    `${t.respondents(question.respondents)}. ${slideOptions(question)
      .map((o) => `${o.text} ${t.count(o.count)}, ${o.percent}%`)
      .join('; ')}`,
};

/** Each question type's projector slide: its views are the presenter's (its fit grid). */
export const slideViews: Record<QuestionType, SlideBody> = {
  single: optionBars,
  multiple: optionBars,
  yesno: optionBars,
  text: { Body: CloudSlide, items: () => 0, announce: cloudAnnouncement },
  scale: { Body: ScaleSlide, items: () => 0, announce: scaleAnnouncement },
  ranking: {
    Body: RankingSlide,
    items: (question) => question.options.length,
    announce: rankingAnnouncement,
  },
  number: {
    Body: ({ question }) => <Histogram question={question} variant="slide" />,
    items: () => 0,
    announce: (question) =>
      `${t.respondents(question.respondents)}. ${esNumber.median} ${
        question.median == null ? '–' : formatNumber(question.median, question.number?.decimals)
      }`,
  },
};
