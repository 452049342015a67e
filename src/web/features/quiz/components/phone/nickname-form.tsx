import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { esQuiz } from '../../../../i18n/es-quiz.ts';
import { useSetNickname } from '../../api/player.ts';

const t = esQuiz.phone;
const MIN = 2;
const MAX = 24;

/**
 * 'Tu apodo', asked before the first question. The length is checked here (in characters, as
 * a person counts them); the profanity filter and the names already taken are the server's,
 * whose Spanish refusal is shown under the field as it says it.
 */
export function NicknameForm({ slug }: { slug: string }) {
  const id = useId();
  const [nickname, setNickname] = useState('');
  const [tried, setTried] = useState(false);
  const save = useSetNickname(slug);
  const trimmed = nickname.trim();
  const length = [...trimmed].length;
  const tooShort = length < MIN || length > MAX;
  const error = save.isError ? save.error.message : tried && tooShort ? t.nicknameTooShort : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (tooShort || save.isPending) return;
    save.mutate(trimmed);
  }

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate data-testid="quiz-nickname">
      <h1 className="text-2xl font-bold">
        <label htmlFor={`${id}-nickname`}>{t.nicknameTitle}</label>
      </h1>
      <p id={`${id}-help`} className="text-muted-foreground">
        {t.nicknameHelp}
      </p>
      <input
        id={`${id}-nickname`}
        value={nickname}
        onChange={(event) => {
          setNickname(event.target.value.slice(0, MAX * 2));
          if (save.isError) save.reset();
        }}
        maxLength={MAX * 2}
        autoComplete="nickname"
        autoCapitalize="words"
        enterKeyHint="go"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        className="h-12 w-full rounded-md border border-control bg-background px-3 text-lg"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={save.isPending}>
        {save.isPending ? t.nicknameSaving : t.nicknameSubmit}
      </Button>
    </form>
  );
}
