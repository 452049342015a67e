import { Copy, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DUPLICATE_NAV_DELAY_MS } from '../../../../contract/limits.ts';
import type { Poll } from '../../../../contract/poll.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { esPanel } from '../../../i18n/es-panel.ts';
import { esQuizPlayers } from '../../../i18n/es-quiz-players.ts';
import { NEW_CODE_STATE } from '../../../lib/links.ts';
import { useDuplicatePoll } from '../api/duplicate-poll.ts';
import { useResetVotes } from '../api/reset-votes.ts';
import { useVoteCount } from '../api/vote-count.ts';
import { DeletePollAction } from './delete-poll-action.tsx';

const t = es.host;

function DuplicateAction() {
  const navigate = useNavigate();
  const duplicate = useDuplicatePoll();
  const [target, setTarget] = useState<string | null>(null);

  // Spec §4: the copy's panel opens after a second, so the toast can be read first. Leaving the
  // page before then cancels the jump.
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(
      () => navigate(`/host/${encodeURIComponent(target)}`, { state: NEW_CODE_STATE }),
      DUPLICATE_NAV_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [target, navigate]);

  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        disabled={duplicate.isPending || target !== null}
        onClick={() =>
          duplicate.mutate(undefined, {
            onSuccess: (copy) => {
              toast.success(t.duplicated, { description: t.duplicatedDescription(copy.title) });
              setTarget(copy.slug);
            },
          })
        }
      >
        <Copy aria-hidden="true" />
        {t.duplicate}
      </Button>
      <p className="text-sm text-muted-foreground">{t.duplicateHelp}</p>
    </div>
  );
}

/**
 * Spec §4 offered the reset only when the poll is not open; issue 17 allows it in any status so
 * a poll can be run again with the next group (reset, and the same phones vote again). On an
 * open poll the confirmation says that votes are still arriving.
 */
function ResetAction({ poll }: { poll: Poll }) {
  const reset = useResetVotes();
  const votes = useVoteCount();
  // Issue 24: a quiz has a game to reset without any vote (players, a question whose timer ran
  // out before anyone joined), so it always offers it.
  const quiz = poll.settings.quiz;
  // Nothing to reset: a red button would only alarm (a fresh draft has no votes).
  if (votes === 0 && !quiz) {
    return <p className="text-sm text-muted-foreground">{t.nothingToReset}</p>;
  }
  const description = quiz
    ? esQuizPlayers.resetConfirmDescription
    : poll.status === 'open'
      ? esPanel.resetOpenConfirmDescription
      : t.resetConfirmDescription;
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button
            variant="outline"
            className="text-destructive hover:bg-destructive/10"
            disabled={reset.isPending}
          >
            <RotateCcw aria-hidden="true" />
            {t.reset}
          </Button>
        }
        title={quiz ? esQuizPlayers.resetConfirmTitle : t.resetConfirmTitle}
        description={description}
        confirmLabel={quiz ? esQuizPlayers.resetConfirm : t.resetConfirm}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: ({ deletedVotes }) =>
              toast.success(quiz ? esQuizPlayers.gameReset : t.votesDeleted, {
                description: t.votesDeletedDescription(deletedVotes),
              }),
          })
        }
      />
      <p className="text-sm text-muted-foreground">
        {quiz ? esQuizPlayers.resetHelp : esPanel.resetHelp}
      </p>
    </>
  );
}

export function ActionsCard({ poll }: { poll: Poll }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.actionsCard}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <DuplicateAction />
        <div className="grid gap-2 border-t pt-4">
          <ResetAction poll={poll} />
        </div>
        <div className="grid gap-2 border-t pt-4">
          <DeletePollAction poll={poll} />
        </div>
      </CardContent>
    </Card>
  );
}
