import {
  ChevronDown,
  ChevronFirst,
  ChevronLast,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  Eye,
  EyeOff,
  Keyboard,
  type LucideIcon,
  Maximize,
  MessageCircleQuestion,
  Minimize,
  QrCode,
} from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { esQa } from '../../../i18n/es-qa.ts';
import { esSlides } from '../../../i18n/es-slides.ts';
import { cn } from '../../../lib/cn.ts';
import type { PresenterAction } from '../lib/keys.ts';

const t = es.presenter;

type ControlsProps = {
  onAction: (action: PresenterAction) => void;
  canPrevious: boolean;
  canNext: boolean;
  fullscreen: boolean;
  /** Null when the current question's results cannot be hidden (no question, or no reveal yet). */
  resultsHidden: boolean | null;
  joinOpen: boolean;
  /** Null without audience questions; else whether their screen is on show (key A). */
  qaOpen?: boolean | null;
  /** The options (or the audience's questions) on show come in pages: ↑ ↓ buttons beside the
   *  question ones. */
  optionPages: boolean;
  /** Faded out (idle in fullscreen); any pointer movement or focus brings them back. */
  faded: boolean;
  className?: string;
};

type Control = {
  action: PresenterAction;
  icon: LucideIcon;
  label: string;
  disabled?: boolean;
  pressed?: boolean;
};

/** A button for every key, so a mouse or a touch screen drives the view too. */
export function PresenterControls(props: ControlsProps) {
  const controls: Control[] = [
    { action: 'first', icon: ChevronFirst, label: t.first, disabled: !props.canPrevious },
    { action: 'previous', icon: ChevronLeft, label: t.previous, disabled: !props.canPrevious },
    { action: 'next', icon: ChevronRight, label: t.next, disabled: !props.canNext },
    { action: 'last', icon: ChevronLast, label: t.last, disabled: !props.canNext },
    ...(props.optionPages
      ? [
          {
            action: 'previous-options' as const,
            icon: ChevronUp,
            label: props.qaOpen ? esQa.presenterPreviousPage : esSlides.previousOptions,
          },
          {
            action: 'next-options' as const,
            icon: ChevronDown,
            label: props.qaOpen ? esQa.presenterNextPage : esSlides.nextOptions,
          },
        ]
      : []),
    ...(props.resultsHidden === null
      ? []
      : [
          {
            action: 'toggle-results' as const,
            icon: props.resultsHidden ? Eye : EyeOff,
            label: props.resultsHidden ? t.revealResults : t.hideResults,
          },
        ]),
    {
      action: 'join',
      icon: QrCode,
      label: props.joinOpen ? t.backToQuestion : t.joinScreen,
      pressed: props.joinOpen,
    },
    ...(props.qaOpen == null
      ? []
      : [
          {
            action: 'qa' as const,
            icon: MessageCircleQuestion,
            label: props.qaOpen ? t.backToQuestion : esQa.presenterButton,
            pressed: props.qaOpen,
          },
        ]),
    {
      action: 'fullscreen',
      icon: props.fullscreen ? Minimize : Maximize,
      label: props.fullscreen ? t.exitFullscreen : t.fullscreen,
    },
    { action: 'help', icon: Keyboard, label: t.help },
  ];
  return (
    <nav
      aria-label={t.controlsLabel}
      className={cn(
        'flex items-center gap-1 transition-opacity duration-300 motion-reduce:transition-none',
        props.faded && 'opacity-0 focus-within:opacity-100',
        props.className,
      )}
      data-testid="presenter-controls"
    >
      {controls.map(({ action, icon: Icon, label, disabled, pressed }) => (
        <Button
          key={action}
          variant="ghost"
          size="icon"
          aria-label={label}
          title={label}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={() => props.onAction(action)}
          data-action={action}
          className="[&_svg]:size-5"
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </nav>
  );
}
