import { type KeyboardEvent, useRef } from 'react';
import { esQa as t } from '../../../i18n/es-qa.ts';
import '../qa-phone.css';
import { cn } from '../../../lib/cn.ts';
import { AskForm } from './ask-form.tsx';
import { QuestionList } from './question-list.tsx';

/**
 * The participation page with Q&A on (issue 20): two tabs, the poll's questions as today and
 * 'Preguntas'. The page (app/qa-slot.tsx) keeps the poll's panel where it always is, so the
 * vote form keeps its state when these load; this module is its own chunk, so a poll without
 * Q&A costs phones nothing.
 */
export type QaTab = 'poll' | 'qa';

export const qaTabIds = {
  tab: (tab: QaTab) => `qa-tab-${tab}`,
  panel: (tab: QaTab) => `qa-panel-${tab}`,
};

export function QaTabs({
  label,
  tab,
  onTab,
}: {
  label: string;
  tab: QaTab;
  onTab: (tab: QaTab) => void;
}) {
  const refs = { poll: useRef<HTMLButtonElement>(null), qa: useRef<HTMLButtonElement>(null) };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: QaTab = tab === 'poll' ? 'qa' : 'poll';
    onTab(next);
    refs[next].current?.focus();
  };
  const tabButton = (value: QaTab, text: string) => (
    <button
      ref={refs[value]}
      type="button"
      role="tab"
      id={qaTabIds.tab(value)}
      aria-selected={tab === value}
      aria-controls={qaTabIds.panel(value)}
      tabIndex={tab === value ? 0 : -1}
      onClick={() => onTab(value)}
      className={cn(
        'min-h-12 flex-1 border-b-2 px-3 text-base font-semibold',
        tab === value
          ? 'border-primary text-foreground'
          : 'border-transparent text-muted-foreground',
      )}
    >
      {text}
    </button>
  );
  return (
    <div className="mx-auto w-full max-w-[480px] px-4 pt-4">
      <div role="tablist" aria-label={label} className="flex" onKeyDown={onKeyDown}>
        {tabButton('poll', t.tabPoll)}
        {tabButton('qa', t.tabQuestions)}
      </div>
    </div>
  );
}

/** 'Preguntas': the form to ask, then the list. */
export function QaPanel({ slug }: { slug: string }) {
  return (
    <div
      role="tabpanel"
      id={qaTabIds.panel('qa')}
      aria-labelledby={qaTabIds.tab('qa')}
      className="mx-auto grid w-full max-w-[480px] gap-6 px-4 pt-6 pb-12"
    >
      {/* Issue 24 (axe page-has-heading-one): the poll's h1 is in the other tab. */}
      <h1 className="text-xl font-semibold">{t.cardTitle}</h1>
      <AskForm slug={slug} />
      <QuestionList slug={slug} canVote />
    </div>
  );
}
