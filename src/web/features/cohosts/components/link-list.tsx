import { useQuery } from '@tanstack/react-query';
import type { Cohost } from '../../../../contract/cohosts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { es } from '../../../i18n/es.ts';
import { esCohosts } from '../../../i18n/es-cohosts.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { cohostActivityQueryOptions, useRevokeCohost } from '../api/cohosts.ts';

const t = esCohosts;
const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });

/** 'hace 3 minutos', 'ayer': last use is written at most once a minute, so minutes suffice. */
export function sinceWords(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

function LinkRow({ link, slug, secret }: { link: Cohost; slug: string; secret: string }) {
  const revoke = useRevokeCohost(slug, secret);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b py-3 last:border-b-0">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{link.label}</span>
          <Badge variant="secondary">{t.scopes[link.scope].name}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {link.lastUsedAt ? t.lastUsed(sinceWords(link.lastUsedAt)) : t.neverUsed}
          {' · '}
          {t.createdAt(sinceWords(link.createdAt))}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={t.revokeLabel(link.label)}>
            {t.revoke}
          </Button>
        }
        title={t.revokeTitle}
        description={t.revokeDescription(link.label)}
        confirmLabel={t.revoke}
        onConfirm={() =>
          revoke.mutate(link.id, {
            onSuccess: () => notify.success(t.revoked),
            onError: (error) => notify.error(isApiError(error) ? error.message : es.api.unknown),
          })
        }
      />
    </li>
  );
}

export function LinkList({
  slug,
  secret,
  links,
}: {
  slug: string;
  secret: string;
  links: Cohost[] | undefined;
}) {
  return (
    <section aria-labelledby="cohost-links-title" className="grid gap-1">
      <h3 id="cohost-links-title" className="font-semibold">
        {t.listTitle}
      </h3>
      {links === undefined ? (
        <p className="text-sm text-muted-foreground">{es.common.loading}</p>
      ) : links.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul data-testid="cohost-list">
          {links.map((link) => (
            <LinkRow key={link.id} link={link} slug={slug} secret={secret} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Who did what: the integrity side of sharing (the last few actions of the links). */
export function LinkActivity({ slug, secret }: { slug: string; secret: string }) {
  const activity = useQuery(cohostActivityQueryOptions(slug, secret));
  const actions = activity.data?.actions.slice(0, 10) ?? [];
  return (
    <section aria-labelledby="cohost-activity-title" className="grid gap-1">
      <h3 id="cohost-activity-title" className="font-semibold">
        {t.activityTitle}
      </h3>
      {actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.activityNone}</p>
      ) : (
        <ul className="grid gap-1 text-sm" data-testid="cohost-activity">
          {actions.map((action) => (
            <li key={`${action.at}-${action.cohostId}-${action.target}`}>
              <strong className="[overflow-wrap:anywhere]">{action.label}</strong>{' '}
              {t.actions[action.action] ?? t.otherAction}{' '}
              <span className="text-muted-foreground">({sinceWords(action.at)})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
