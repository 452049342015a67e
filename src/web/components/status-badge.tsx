import type { PollStatus } from '../../contract/poll.ts';
import { es } from '../i18n/es.ts';
import { Badge } from './ui/badge.tsx';

const variants = { draft: 'outline', open: 'success', closed: 'muted' } as const;

/** The word is always shown: status is never told by colour alone. */
export function StatusBadge({ status }: { status: PollStatus }) {
  return (
    <Badge variant={variants[status]} data-status={status}>
      {es.status[status]}
    </Badge>
  );
}
