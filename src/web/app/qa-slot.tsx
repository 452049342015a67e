import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { Poll } from '../../contract/poll.ts';
import { queryKeys } from '../lib/query.ts';

type QaModule = typeof import('../features/qa/components/audience-qa.tsx');
let loaded: QaModule | undefined;

/**
 * The participation page's 'Preguntas' tab (issue 20), around the vote screen. The vote screen
 * keeps its place in the tree whether the tabs are there or not (so its form keeps what was
 * chosen when they appear), and the Q&A chunk loads only for a poll with Q&A on: the page of an
 * everyday poll stays within the phone's byte budget. The poll is read from the cache the vote
 * screen fills (and its stream keeps current): Q&A turned on live shows up without a reload.
 */
export function WithAudienceQa({ slug, children }: { slug: string; children: ReactNode }) {
  const poll = useQuery<Poll>({ queryKey: queryKeys.poll(slug), enabled: false }).data;
  const on = !!poll && poll.settings.qa && poll.status === 'open';
  const [qa, setQa] = useState(loaded);
  const [chosen, setTab] = useState<'poll' | 'qa' | null>(null);
  useEffect(() => {
    if (!on || qa) return;
    import('../features/qa/components/audience-qa.tsx').then((module) => {
      loaded = module;
      setQa(module);
    }, Boolean);
  }, [on, qa]);
  const tabs = on && qa ? qa : undefined;
  const tab = tabs && poll ? (chosen ?? (poll.questions.length === 0 ? 'qa' : 'poll')) : 'poll';
  // The same element with or without tabs: only its attributes change.
  const panel = tabs
    ? {
        role: 'tabpanel',
        id: tabs.qaTabIds.panel('poll'),
        'aria-labelledby': tabs.qaTabIds.tab('poll'),
      }
    : {};
  return (
    <div>
      {tabs && poll ? <tabs.QaTabs label={poll.title} tab={tab} onTab={setTab} /> : null}
      <div {...panel} hidden={tab !== 'poll'}>
        {children}
      </div>
      {tabs && tab === 'qa' ? <tabs.QaPanel slug={slug} /> : null}
    </div>
  );
}
