import { Pencil } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';

/**
 * A saved question's settings edited in place (a scale's range, a number's, the explanation):
 * a draft, open while not null, and the line that opened it, which gets the focus back.
 */
export function useInlineDraft<Draft>() {
  const [draft, setDraft] = useState<Draft | null>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  function close() {
    setDraft(null);
    // The fields unmount with the focus in them: give it back to the line that opened them.
    requestAnimationFrame(() => openerRef.current?.focus());
  }
  return { draft, setDraft, close, openerRef };
}

type Props = {
  /** The editor's name: the fieldset's, and the summary line's before its words. */
  label: string;
  /** The saved settings in words (the summary line's accessible name holds them). */
  summaryText: string;
  /** What the summary line shows; `summaryText` when absent. */
  summary?: ReactNode;
  open: boolean;
  onOpen: () => void;
  onCancel: () => void;
  openerRef: React.RefObject<HTMLButtonElement | null>;
  disabled?: boolean;
  /** The fields, shown while open. */
  children: ReactNode;
  /** The save control (a button, or a confirmation around it). */
  save: ReactNode;
  /** Said under the fields while the draft cannot be saved. */
  problem?: string | null;
  testId?: string;
  summaryClassName?: string;
};

/**
 * A line that reads like text until clicked (as the question's own text), then the fields
 * with Cancelar and the save control; Escape from any field backs out.
 */
export function InlineSettingsEditor(props: Props) {
  function handleKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (event.key !== 'Escape') return;
    // Keep Escape from also cancelling a drag of the question card.
    event.preventDefault();
    event.stopPropagation();
    props.onCancel();
  }

  if (!props.open) {
    return (
      <button
        ref={props.openerRef}
        type="button"
        onClick={props.onOpen}
        disabled={props.disabled}
        aria-label={`${props.label}: ${props.summaryText}`}
        data-testid={props.testId}
        className={`group -mx-2 flex w-[calc(100%+1rem)] min-w-0 cursor-text items-start gap-2 rounded-md border border-transparent px-2 py-0.5 text-left hover:border-border hover:bg-muted/60 focus-visible:border-border focus-visible:bg-muted/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default ${props.summaryClassName ?? ''}`}
      >
        <span className="min-w-0 flex-1 break-words">{props.summary ?? props.summaryText}</span>
        <Pencil
          className="mt-[0.2em] size-4 shrink-0 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 group-disabled:hidden [@media(hover:none)]:opacity-100"
          aria-hidden="true"
        />
      </button>
    );
  }

  return (
    <fieldset
      aria-label={props.label}
      className="grid gap-3 rounded-lg border p-3"
      onKeyDown={handleKeyDown}
    >
      {props.children}
      {props.problem ? (
        <p className="text-sm text-destructive" role="alert">
          {props.problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={props.onCancel}>
          {es.common.cancel}
        </Button>
        {props.save}
      </div>
    </fieldset>
  );
}
