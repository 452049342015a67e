import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { POLL_TITLE_MAX } from '../../../../contract/limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { es } from '../../../i18n/es.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { NEW_CODE_STATE } from '../../../lib/links.ts';
import { useCreatePoll } from '../api/create-poll.ts';

const t = es.home;

type SettingSwitchProps = {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

function SettingSwitch({ id, label, help, checked, onChange }: SettingSwitchProps) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-help`} className="text-sm text-muted-foreground">
          {help}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-help`}
      />
    </div>
  );
}

export function CreatePollForm() {
  const id = useId();
  const navigate = useNavigate();
  const createPoll = useCreatePoll();
  const [title, setTitle] = useState('');
  // Spec §9 defaults: one vote per question on, public results off.
  const [oneVotePerQuestion, setOneVotePerQuestion] = useState(true);
  const [resultsPublic, setResultsPublic] = useState(false);

  const titleRef = useRef<HTMLInputElement>(null);
  const blank = title.trim().length === 0;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    // A blank title is refused with the spec's toast, by Enter or by the button (which looks
    // disabled but stays clickable: a truly disabled submit would block Enter silently).
    if (!trimmed) {
      toast.error(t.titleRequired);
      titleRef.current?.focus();
      return;
    }
    if (trimmed.length > POLL_TITLE_MAX) {
      toast.error(t.titleTooLong);
      return;
    }
    createPoll.mutate(
      { title: trimmed, settings: { oneVotePerQuestion, resultsPublic } },
      {
        onSuccess: (poll) => {
          toast.success(t.created, { description: t.createdDescription(poll.title) });
          // The panel shows the new presenter code once, prominently (NEW_CODE_STATE).
          navigate(`/host/${encodeURIComponent(poll.slug)}`, { state: NEW_CODE_STATE });
        },
        onError: (error) => {
          toast.error(t.createError, {
            description: isApiError(error) ? error.message : es.api.unknown,
          });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.formTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} className="grid gap-5" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>{t.titleLabel}</Label>
            <Input
              ref={titleRef}
              id={`${id}-title`}
              name="title"
              value={title}
              maxLength={POLL_TITLE_MAX}
              // maxLength does not stop a script or an IME from overshooting; the slice does.
              onChange={(event) => setTitle(event.target.value.slice(0, POLL_TITLE_MAX))}
              placeholder={t.titlePlaceholder}
              autoComplete="off"
              aria-describedby={`${id}-counter`}
            />
            <p
              id={`${id}-counter`}
              className="text-right text-sm text-muted-foreground tabular-nums"
              data-testid="title-counter"
            >
              {t.counter(title.length, POLL_TITLE_MAX)}
            </p>
          </div>
          <SettingSwitch
            id={`${id}-one-vote`}
            label={t.oneVoteLabel}
            help={t.oneVoteHelp}
            checked={oneVotePerQuestion}
            onChange={setOneVotePerQuestion}
          />
          <SettingSwitch
            id={`${id}-public`}
            label={t.resultsPublicLabel}
            help={t.resultsPublicHelp}
            checked={resultsPublic}
            onChange={setResultsPublic}
          />
          <Button
            type="submit"
            size="lg"
            disabled={createPoll.isPending}
            aria-disabled={blank || undefined}
            className={cn(blank && 'opacity-50')}
          >
            {createPoll.isPending ? t.submitting : t.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
