import { es } from '../i18n/es.ts';
import { cn } from '../lib/cn.ts';

/** Six digits in two groups of three, as they are read aloud: '482 913'. */
export function groupJoinCode(code: string): string {
  return code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code;
}

/** The poll's join code, labelled, for the host to read out or point at. */
export function JoinCode({ code, className }: { code: string; className?: string }) {
  return (
    <p
      className={cn(
        'flex flex-wrap items-baseline gap-x-2 text-sm text-muted-foreground',
        className,
      )}
    >
      <span>{es.join.codeShort}</span>
      <span
        data-testid="join-code"
        className="font-mono text-xl font-bold tracking-wider text-foreground tabular-nums"
      >
        {groupJoinCode(code)}
      </span>
    </p>
  );
}
