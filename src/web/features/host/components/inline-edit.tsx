import { Pencil } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { MathText } from '../../../components/math-text.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

type InlineEditProps = {
  value: string;
  /** Names both the text button ("{label}: {value}") and the input. */
  label: string;
  maxLength: number;
  /** Called with the trimmed text, only when it is non-empty and differs from `value`. */
  onSave: (next: string) => void;
  /** Typography shared by the text and the input, so clicking does not make the line jump. */
  className?: string;
  disabled?: boolean;
  /** The text being typed while the input is open, null once it closes (two panel tabs: the
   *  text survives its question being deleted by another tab, deleted-elsewhere.tsx). */
  onDraftChange?: (draft: string | null) => void;
};

/**
 * Text that becomes an input when clicked (design brief: editing in place looks like text until
 * clicked). Enter or blur saves, Escape backs out; empty or unchanged text is not saved.
 */
export function InlineEdit({
  value,
  label,
  maxLength,
  onSave,
  className,
  disabled = false,
  onDraftChange,
}: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  // Enter or Escape unmounts the input, which may still fire blur: finish only once.
  const finished = useRef(false);
  const returnFocus = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  function start() {
    finished.current = false;
    setDraft(value);
    setEditing(true);
    onDraftChange?.(value);
  }

  function finish(save: boolean) {
    if (finished.current) return;
    finished.current = true;
    setEditing(false);
    onDraftChange?.(null);
    const next = draft.trim();
    if (save && next.length > 0 && next !== value) onSave(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      returnFocus.current = true;
      finish(true);
    } else if (event.key === 'Escape') {
      // Keep Escape from also closing a surrounding dialog or cancelling a drag.
      event.preventDefault();
      event.stopPropagation();
      returnFocus.current = true;
      finish(false);
    }
  }

  if (editing) {
    return (
      <Input
        // The user just clicked the text to edit it: the caret belongs in the input.
        autoFocus
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => {
          const next = event.target.value.slice(0, maxLength);
          setDraft(next);
          onDraftChange?.(next);
        }}
        onKeyDown={handleKeyDown}
        // A blur from the input leaving the page (its question deleted elsewhere) saves nothing.
        onBlur={(event) => {
          if (event.currentTarget.isConnected) finish(true);
        }}
        className={cn('-mx-2 h-auto w-[calc(100%+1rem)] px-2 py-0.5', className)}
      />
    );
  }

  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={start}
      disabled={disabled}
      aria-label={`${label}: ${value}`}
      className={cn(
        'group -mx-2 flex w-[calc(100%+1rem)] min-w-0 cursor-text items-start gap-2 rounded-md border border-transparent px-2 py-0.5 text-left hover:border-border hover:bg-muted/60 focus-visible:border-border focus-visible:bg-muted/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default',
        className,
      )}
    >
      <span className="min-w-0 flex-1">
        <MathText text={value} />
      </span>
      {/* On touch screens (no hover) the pencil always shows that the text can be edited. */}
      <Pencil
        className="mt-[0.3em] size-4 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 group-disabled:hidden [@media(hover:none)]:opacity-100"
        aria-hidden="true"
      />
    </button>
  );
}
