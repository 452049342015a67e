import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { AppLink } from '../../../lib/navigation.tsx';
import { Eye, EyeOff, Maximize, Minimize, Moon, Presentation } from './icons.ts';

type ResultsControlsProps = {
  showPercent: boolean;
  onTogglePercent: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  dark: boolean;
  onToggleDark: () => void;
  /** The presenter view of this poll ('Presentar'): one question at a time, with keys. */
  presentHref: string;
};

export function ResultsControls(props: ResultsControlsProps) {
  const { showPercent, fullscreen, dark } = props;
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      <AppLink
        to={props.presentHref}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        <Presentation aria-hidden="true" />
        {es.presenter.present}
      </AppLink>
      <Button variant="outline" size="sm" onClick={props.onTogglePercent}>
        {showPercent ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {showPercent ? es.results.hidePercent : es.results.showPercent}
      </Button>
      {fullscreen ? (
        <Button
          variant="outline"
          size="sm"
          aria-pressed={dark}
          onClick={props.onToggleDark}
          className="aria-pressed:border-primary aria-pressed:bg-secondary aria-pressed:text-secondary-foreground"
        >
          <Moon aria-hidden="true" />
          {es.results.projectorTheme}
        </Button>
      ) : null}
      <Button variant="outline" size="sm" onClick={props.onToggleFullscreen}>
        {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        {/* Icon only on phones, where it rarely matters and the row must fit; still named. */}
        <span className="max-sm:sr-only">
          {fullscreen ? es.results.exitFullscreen : es.results.fullscreen}
        </span>
      </Button>
    </div>
  );
}
