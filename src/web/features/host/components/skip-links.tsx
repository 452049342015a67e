import { type MouseEvent, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { esPanel } from '../../../i18n/es-panel.ts';
import { SKIP_LINKS_SLOT_ID } from '../../../lib/skip-slot.ts';
import { NEW_QUESTION_ID, QUESTIONS_ID } from './questions-card.tsx';

const links = [
  { target: QUESTIONS_ID, label: esPanel.skipToQuestions },
  { target: NEW_QUESTION_ID, label: esPanel.skipToNewQuestion },
] as const;

/** Moves focus itself: the new question's target is its first field, not the form. */
function jump(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const element = document.getElementById(target);
  if (!element) return;
  event.preventDefault();
  const field = target === NEW_QUESTION_ID ? element.querySelector<HTMLElement>('input') : null;
  (field ?? element).focus();
  (field ?? element).scrollIntoView({ block: 'start' });
}

/**
 * The panel's first Tab stops, shown only while focused: past the header, share and status
 * cards straight to the questions or to 'Nueva pregunta' (issue 17: about 90 Tab presses to
 * reach it with five questions).
 */
export function SkipLinks() {
  // Moved before the header once mounted (the slot is the shell's), so Tab reaches it first.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(SKIP_LINKS_SLOT_ID)), []);
  const nav = (
    <nav
      aria-label={esPanel.skipLinksLabel}
      className="absolute top-2 left-4 z-40 flex flex-wrap gap-2"
    >
      {links.map(({ target, label }) => (
        <a
          key={target}
          href={`#${target}`}
          onClick={(event) => jump(event, target)}
          className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only"
        >
          {label}
        </a>
      ))}
    </nav>
  );
  return slot ? createPortal(nav, slot) : nav;
}
