import { Ban, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { esBlockedWords as t } from '../../../i18n/es-blocked-words.ts';
import { useBlockedWords, useSaveBlockedWords } from '../api/blocked-words.ts';

/**
 * 'Palabras bloqueadas' (issue 17): words of the class's own that the host blocks for this poll,
 * on top of the profanity filter. New open answers holding one wait for the host like the
 * filter's; 'Aplicar a las respuestas existentes' does the same to those already in.
 */
export function BlockedWordsCard({ slug, secret }: { slug: string; secret: string }) {
  const target = { slug, secret };
  const list = useBlockedWords(target);
  const save = useSaveBlockedWords(target);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const helpId = useId();
  const words = list.data?.words ?? [];

  const add = (event: FormEvent) => {
    event.preventDefault();
    const word = draft.trim();
    if (!word) return;
    save.mutate({ words: [...words, word] }, { onSuccess: () => setDraft('') });
  };

  return (
    <Card data-testid="blocked-words">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Ban className="size-4 text-muted-foreground" aria-hidden="true" />
          {t.title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p id={helpId} className="text-sm text-muted-foreground">
          {t.help}
        </p>
        <form onSubmit={add} className="flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t.inputLabel}
          </label>
          <Input
            id={inputId}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t.placeholder}
            aria-describedby={helpId}
            maxLength={140}
            autoComplete="off"
          />
          <Button
            type="submit"
            variant="outline"
            className="h-11"
            disabled={save.isPending || !draft.trim()}
          >
            {t.add}
          </Button>
        </form>
        {words.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.empty}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label={t.title}>
            {words.map((word) => (
              <li
                key={word}
                className="flex items-center gap-1 rounded-full border bg-muted/40 py-0.5 pr-0.5 pl-3 text-sm"
              >
                <span>{word}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 rounded-full"
                  aria-label={t.remove(word)}
                  disabled={save.isPending}
                  onClick={() => save.mutate({ words: words.filter((w) => w !== word) })}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          disabled={save.isPending || words.length === 0}
          onClick={() => save.mutate({ words, applyToExisting: true })}
        >
          {t.apply}
        </Button>
      </CardContent>
    </Card>
  );
}
