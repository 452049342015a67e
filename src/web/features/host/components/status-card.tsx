import { Lock, Play, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import type { Poll, Settings } from '../../../../contract/poll.ts';
import { groupJoinCode } from '../../../components/join-code.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Label } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { es } from '../../../i18n/es.ts';
import { esHomework } from '../../../i18n/es-homework.ts';
import { esPanel } from '../../../i18n/es-panel.ts';
import { esQa } from '../../../i18n/es-qa.ts';
import { esQuiz } from '../../../i18n/es-quiz.ts';
import { esQuizPlayers } from '../../../i18n/es-quiz-players.ts';
import { useUpdatePoll } from '../api/update-poll.ts';

const t = es.host;

const statusNote = { draft: t.draftNote, open: t.openNote, closed: t.closedNote } as const;

function StatusControls({ poll }: { poll: Poll }) {
  const updatePoll = useUpdatePoll();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{statusNote[poll.status]}</p>
      {/* Spec §4: draft → open → closed; issue 17 adds closed → open, to run it again. */}
      {poll.status === 'draft' ? (
        <OpenButton
          empty={poll.questions.length === 0}
          disabled={updatePoll.isPending}
          onOpen={() =>
            updatePoll.mutate({ status: 'open' }, { onSuccess: () => toast.success(t.pollOpened) })
          }
        />
      ) : null}
      {poll.status === 'open' ? (
        <Button
          variant="secondary"
          disabled={updatePoll.isPending}
          onClick={() =>
            updatePoll.mutate(
              { status: 'closed' },
              { onSuccess: () => toast.success(t.pollClosed) },
            )
          }
        >
          <Lock aria-hidden="true" />
          {t.closePoll}
        </Button>
      ) : null}
      {poll.status === 'closed' ? (
        <>
          <p className="text-sm text-muted-foreground">{esPanel.reopenHelp}</p>
          <ReopenButton
            quiz={poll.settings.quiz}
            disabled={updatePoll.isPending}
            onReopen={() =>
              updatePoll.mutate(
                { status: 'open' },
                {
                  onSuccess: (reopened) =>
                    toast.success(esPanel.pollReopened, {
                      description:
                        reopened.joinCode === poll.joinCode
                          ? undefined
                          : esPanel.newJoinCode(groupJoinCode(reopened.joinCode)),
                    }),
                },
              )
            }
          />
        </>
      ) : null}
    </div>
  );
}

type ReopenButtonProps = { quiz: boolean; disabled: boolean; onReopen: () => void };

/** A quiz reopened is a new game (issue 24): its players, points and answers go, so it asks. */
function ReopenButton({ quiz, disabled, onReopen }: ReopenButtonProps) {
  const button = (
    <Button variant="secondary" disabled={disabled} onClick={quiz ? undefined : onReopen}>
      <RotateCcw aria-hidden="true" />
      {esPanel.reopenPoll}
    </Button>
  );
  if (!quiz) return button;
  return (
    <ConfirmDialog
      trigger={button}
      title={esQuizPlayers.reopenConfirmTitle}
      description={esQuizPlayers.reopenConfirmDescription}
      confirmLabel={esQuizPlayers.reopenConfirm}
      onConfirm={onReopen}
    />
  );
}

type OpenButtonProps = { empty: boolean; disabled: boolean; onOpen: () => void };

/** A poll with no questions opens only after a confirmation: participants would see nothing. */
function OpenButton({ empty, disabled, onOpen }: OpenButtonProps) {
  const button = (
    <Button disabled={disabled} onClick={empty ? undefined : onOpen}>
      <Play aria-hidden="true" />
      {t.openPoll}
    </Button>
  );
  if (!empty) return button;
  return (
    <ConfirmDialog
      trigger={button}
      title={t.openEmptyConfirmTitle}
      description={t.openEmptyConfirmDescription}
      confirmLabel={t.openEmptyConfirm}
      confirmVariant="default"
      onConfirm={onOpen}
    />
  );
}

/** The switches; the homework's dates have their own fields (features/homework). */
type SettingKey = Exclude<keyof Settings, 'opensAt' | 'closesAt'>;

const settingCopy: Record<SettingKey, { label: string; help: string }> = {
  oneVotePerQuestion: { label: es.home.oneVoteLabel, help: es.home.oneVoteHelp },
  resultsPublic: { label: es.home.resultsPublicLabel, help: es.home.resultsPublicHelp },
  resultsAfterVote: { label: t.resultsAfterVoteLabel, help: t.resultsAfterVoteHelp },
  presenterPace: { label: es.home.presenterPaceLabel, help: es.home.presenterPaceHelp },
  hideResultsUntilRevealed: { label: t.hideResultsLabel, help: t.hideResultsHelp },
  moderateText: { label: t.moderateTextLabel, help: t.moderateTextHelp },
  strictFilter: { label: t.strictFilterLabel, help: t.strictFilterHelp },
  qa: { label: esQa.settingLabel, help: esQa.settingHelp },
  qaModerated: { label: esQa.moderatedLabel, help: esQa.moderatedHelp },
  quiz: { label: esQuiz.host.quizLabel, help: esQuiz.host.quizHelp },
  speedPoints: { label: esHomework.speedPointsLabel, help: esHomework.speedPointsHelp },
};

function SettingsControls({ poll }: { poll: Poll }) {
  const id = useId();
  const updatePoll = useUpdatePoll();
  // While a change is in flight the switch already shows where it is going.
  const settings: Settings = {
    ...poll.settings,
    ...(updatePoll.isPending ? updatePoll.variables.settings : undefined),
  };
  return (
    <fieldset className="grid gap-3 border-t pt-4">
      <legend className="sr-only">{t.settingsLabel}</legend>
      {(Object.keys(settingCopy) as SettingKey[]).map((key) => (
        <div key={key} className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-${key}`}>{settingCopy[key].label}</Label>
            <p id={`${id}-${key}-help`} className="text-sm text-muted-foreground">
              {settingCopy[key].help}
            </p>
          </div>
          <Switch
            id={`${id}-${key}`}
            checked={settings[key]}
            disabled={updatePoll.isPending}
            aria-describedby={`${id}-${key}-help`}
            onCheckedChange={(checked) =>
              updatePoll.mutate(
                { settings: { [key]: checked } },
                { onSuccess: () => toast.success(t.settingsUpdated) },
              )
            }
          />
        </div>
      ))}
    </fieldset>
  );
}

export function StatusCard({ poll }: { poll: Poll }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.statusCard}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StatusControls poll={poll} />
        <SettingsControls poll={poll} />
      </CardContent>
    </Card>
  );
}
