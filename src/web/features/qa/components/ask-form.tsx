import { type FormEvent, useId, useState } from 'react';
import {
  QA_NICKNAME_MAX,
  QA_TEXT_MAX,
  QA_TEXT_MIN_VISIBLE,
} from '../../../../contract/qa-limits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { esQa as t } from '../../../i18n/es-qa.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useAskQuestion } from '../api/qa.ts';

/** The name is remembered in this browser, like a name tag for the next question. */
const NAME_KEY = 'sondeo:qa-name';
function storedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}
function storeName(name: string): void {
  try {
    if (name) localStorage.setItem(NAME_KEY, name);
    else localStorage.removeItem(NAME_KEY);
  } catch {
    // Private mode: the name is simply asked again next time.
  }
}

/** 'Escribe tu pregunta', an optional name and 'Enviar'. */
export function AskForm({ slug }: { slug: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [name, setName] = useState(storedName);
  const ask = useAskQuestion(slug);
  const trimmed = text.trim();
  const tooShort = [...trimmed.replace(/\s+/gu, '')].length < QA_TEXT_MIN_VISIBLE;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort || ask.isPending) return;
    storeName(name.trim());
    ask.mutate(
      { text: trimmed, nickname: name.trim() || null },
      {
        onSuccess: (question) => {
          setText('');
          notify.success(question.state === 'visible' ? t.sent : t.sentHeld);
        },
        onError: (error) => {
          const message =
            isApiError(error) && error.status === 429
              ? t.rateLimited(error.retryAfterS ?? 60)
              : error.message;
          notify.error(t.errorTitle, { description: message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-text`}>{t.askLabel}</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          maxLength={QA_TEXT_MAX}
          placeholder={t.askPlaceholder}
          aria-describedby={`${id}-count`}
          onChange={(e) => setText(e.target.value)}
          className="[overflow-wrap:anywhere]"
        />
        <p id={`${id}-count`} className="text-right text-sm text-muted-foreground tabular-nums">
          {t.counter(text.length, QA_TEXT_MAX)}
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>{t.nameLabel}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={QA_NICKNAME_MAX}
          autoComplete="nickname"
          placeholder={t.namePlaceholder}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" className="h-12" disabled={tooShort || ask.isPending}>
        {ask.isPending ? t.sending : t.send}
      </Button>
    </form>
  );
}
