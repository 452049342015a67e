import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { Poll } from '../../../../contract/poll.ts';
import type { QaQuestion } from '../../../../contract/qa.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { cn } from '../../../lib/cn.ts';
import { qaListQueryOptions, useClearQa, useQaFrame } from '../api/qa.ts';
import { HostQuestion } from './qa-host-question.tsx';

/** The host reads the questions most voted first, this many more at each 'Ver más preguntas'
 *  (a talk gets a few hundred; a poll holds up to QA_QUESTIONS_PER_POLL). */
const HOST_PAGE = 200;

type Tab = 'pending' | 'visible' | 'answered';

const inTab: Record<Tab, (q: QaQuestion) => boolean> = {
  pending: (q) => q.state !== 'visible',
  visible: (q) => q.state === 'visible' && !q.answered,
  answered: (q) => q.state === 'visible' && q.answered,
};

/** 'Preguntas del público' in the host panel: review, highlight, answer, delete (issue 20). */
export function QaHostCard({
  poll,
  secret,
  canDelete = true,
}: {
  poll: Poll;
  secret: string;
  /** False for a co-host's moderation link (issue 28): deleting stays the host's. */
  canDelete?: boolean;
}) {
  const slug = poll.slug;
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(HOST_PAGE);
  const list = useQuery(qaListQueryOptions(slug, 'top', secret, limit));
  const frame = useQaFrame(slug);
  const clear = useClearQa(slug, secret);
  // Each frame says something changed: the host's list (every state) is read again.
  useEffect(() => {
    if (frame) void queryClient.invalidateQueries({ queryKey: [`qa-${slug}`] });
  }, [frame, slug, queryClient]);

  const questions = list.data?.questions ?? [];
  // Counts of every question, read or not: the stream's, else those of the list read so far.
  const counts: Record<Tab, number> = frame?.counts ?? {
    pending: questions.filter(inTab.pending).length,
    visible: questions.filter(inTab.visible).length,
    answered: questions.filter(inTab.answered).length,
  };
  const pending = counts.pending;
  const reviewing = poll.settings.qaModerated || pending > 0;
  const [chosen, setTab] = useState<Tab | null>(null);
  const tab: Tab = chosen ?? (reviewing && pending > 0 ? 'pending' : 'visible');
  const tabs: [Tab, string][] = [
    ...(reviewing ? [['pending', t.tabPending] as [Tab, string]] : []),
    ['visible', t.tabVisible],
    ['answered', t.tabAnswered],
  ];
  const shown = questions.filter(inTab[tab]);
  const empty = { pending: t.emptyPending, visible: t.emptyVisible, answered: t.emptyAnswered };

  return (
    <Card aria-labelledby="qa-card-title">
      <CardHeader>
        <CardTitle id="qa-card-title">{t.cardTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">{t.cardTitle}</legend>
          {tabs.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={tab === value}
              onClick={() => setTab(value)}
              className={cn(
                'min-h-10 flex-1 rounded-md px-3 text-sm font-medium',
                tab === value ? 'bg-background shadow-sm' : 'text-muted-foreground',
              )}
            >
              {label} ({counts[value]})
            </button>
          ))}
        </fieldset>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty[tab]}</p>
        ) : (
          <ul className="grid gap-3" aria-live="polite">
            {shown.map((q) => (
              <HostQuestion
                key={q.id}
                slug={slug}
                secret={secret}
                question={q}
                canDelete={canDelete}
              />
            ))}
          </ul>
        )}
        {list.data && list.data.total > questions.length ? (
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => setLimit((n) => n + HOST_PAGE)}
          >
            {t.more}
          </Button>
        ) : null}
        {questions.length > 0 && canDelete ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" className="justify-self-start">
                <Trash2 aria-hidden="true" />
                {t.clearAll}
              </Button>
            }
            title={t.clearConfirmTitle}
            description={t.clearConfirmDescription}
            confirmLabel={t.clearAll}
            onConfirm={() =>
              clear.mutate(undefined, {
                onSuccess: ({ deleted }) => toast.success(t.cleared(deleted)),
                onError: (error) => toast.error(error.message),
              })
            }
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
