import { Badge } from '../../../components/ui/badge.tsx';
import { es } from '../../../i18n/es.ts';
import { cn } from '../../../lib/cn.ts';
import type { Connection } from '../api/use-results-feed.ts';
import { Users, WifiOff } from './icons.ts';

/** 'En vivo' stays quiet; 'Sin conexión' is loud on purpose: the numbers may be stale. */
export function ConnectionBadge({ connection, large }: { connection: Connection; large: boolean }) {
  const size = large ? 'px-4 py-1.5 text-xl [&_svg]:size-5' : 'text-sm xl:text-base';
  if (connection === 'offline') {
    return (
      <Badge variant="destructive" className={cn(size, 'ring-4 ring-destructive/25')}>
        <WifiOff aria-hidden="true" />
        {es.results.offline}
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className={cn(size, 'text-muted-foreground')}>
      <span className="relative flex size-2.5" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-success opacity-60 motion-reduce:hidden" />
        <span className="relative inline-flex size-2.5 rounded-full bg-success" />
      </span>
      {es.results.live}
    </Badge>
  );
}

export function TotalBadge({ total, large }: { total: number; large: boolean }) {
  return (
    <Badge
      variant="secondary"
      className={cn(
        'tabular-nums',
        large ? 'px-4 py-1.5 text-xl [&_svg]:size-5' : 'text-sm xl:text-base',
      )}
      data-testid="total-votes"
    >
      <Users aria-hidden="true" />
      {es.results.totalVotes(total)}
    </Badge>
  );
}
