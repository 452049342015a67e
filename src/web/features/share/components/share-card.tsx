import { skipToken, useQuery } from '@tanstack/react-query';
import { BarChart3, Copy, Link2, Presentation } from 'lucide-react';
import { useState } from 'react';
import type { Poll } from '../../../../contract/poll.ts';
import { JoinCode } from '../../../components/join-code.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { es } from '../../../i18n/es.ts';
import { participantUrl, presenterPath, resultsUrl } from '../../../lib/links.ts';
import { queryKeys } from '../../../lib/query.ts';
import { serverInfoQueryOptions } from '../../../lib/server-info.ts';
import { resolveShareOrigin } from '../../../lib/share-origin.ts';
import { copyLink } from '../lib/clipboard.ts';

import { QrDialog } from './qr-dialog.tsx';

/** The host panel's 'Compartir' card: QR dialog and the two links, on an origin phones can reach. */
export function ShareCard({ slug }: { slug: string }) {
  const info = useQuery(serverInfoQueryOptions());
  // The panel has loaded the poll under this key; read from the cache, never fetched here.
  const poll = useQuery<Poll>({ queryKey: queryKeys.poll(slug), queryFn: skipToken });
  const joinCode = poll.data?.joinCode;
  // The LAN address picked in the QR dialog; the copy buttons follow it so both agree.
  const [pickedLan, setPickedLan] = useState<string | null>(null);
  const share = resolveShareOrigin(info.data, window.location, pickedLan);
  const voteLink = participantUrl(share.origin, slug);

  return (
    <Card aria-labelledby="share-card-title">
      <CardHeader>
        <CardTitle id="share-card-title">{es.host.shareCard}</CardTitle>
        <p className="flex items-start gap-1.5 text-sm break-all text-muted-foreground">
          <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {voteLink}
        </p>
        {joinCode ? <JoinCode code={joinCode} /> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <QrDialog slug={slug} joinCode={joinCode} share={share} onPickLan={setPickedLan} />
        <Button variant="outline" className="justify-start" onClick={() => copyLink(voteLink)}>
          <Copy aria-hidden="true" />
          {es.host.copyParticipantLink}
        </Button>
        <Button
          variant="outline"
          className="justify-start"
          onClick={() => copyLink(resultsUrl(share.origin, slug))}
        >
          <Copy aria-hidden="true" />
          {es.host.copyResultsLink}
        </Button>
        <a
          href={`/r/${encodeURIComponent(slug)}`}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: 'ghost', className: 'justify-start' })}
        >
          <BarChart3 aria-hidden="true" />
          {es.host.openResults}
        </a>
        <a
          href={presenterPath(slug)}
          target="_blank"
          rel="noopener"
          className={buttonVariants({ variant: 'ghost', className: 'justify-start' })}
        >
          <Presentation aria-hidden="true" />
          {es.presenter.present}
        </a>
      </CardContent>
    </Card>
  );
}
