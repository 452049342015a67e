import { useQuery } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CohostScope, scopeOfSecret } from '../../../../contract/cohost-secret.ts';
import type { Poll, Question } from '../../../../contract/poll.ts';
import { MathText } from '../../../components/math-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { esCohosts } from '../../../i18n/es-cohosts.ts';
import { apiCall, isApiError } from '../../../lib/api-client.ts';
import { useLiveStream } from '../../../lib/live-stream.ts';
import { queryKeys } from '../../../lib/query.ts';
import { removeHostSecret } from '../../../lib/storage.ts';
import { traitsOf } from '../../../question-types/registry.ts';
import { linkCheckQueryOptions } from '../api/cohosts.ts';

const t = esCohosts;

/** The screen a revoked link's holder sees: what happened, and a way to drop the link. */
export function LinkRevoked({ onForget }: { onForget: () => void }) {
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-12 text-center" role="alert">
      <ShieldOff className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t.revokedTitle}</h1>
      <p className="text-muted-foreground">{t.revokedDescription}</p>
      <Button className="justify-self-center" onClick={onForget}>
        {t.forget}
      </Button>
    </div>
  );
}

/**
 * Around a screen opened with a co-host link (issue 28): asks every 30 s whether the link still
 * holds, and replaces the screen with LinkRevoked once the host revoked it. A presenter code
 * passes straight through.
 */
export function LinkGuard({
  slug,
  secret,
  onForget,
  children,
}: {
  slug: string;
  secret: string | null;
  onForget?: () => void;
  children: ReactNode;
}) {
  const isLink = secret !== null && scopeOfSecret(secret) !== null;
  const check = useQuery({ ...linkCheckQueryOptions(slug, secret ?? ''), enabled: isLink });
  if (!isLink) return children;
  const refused = isApiError(check.error) && check.error.status === 403;
  if (refused) {
    return (
      <LinkRevoked
        onForget={() => {
          removeHostSecret(slug);
          onForget?.();
          window.location.reload();
        }}
      />
    );
  }
  return children;
}

/** A presenting or results link opened on the panel: the page it is for. */
export function LinkElsewhere({ slug, scope }: { slug: string; scope: CohostScope }) {
  const path = scope === 'present' ? `/present/${slug}` : `/r/${slug}`;
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-12 text-center">
      <p className="text-lg">{t.wrongPlace[scope]}</p>
      <a href={path} className={buttonVariants({ className: 'justify-self-center' })}>
        {scope === 'present' ? t.goPresent : t.goResults}
      </a>
    </div>
  );
}

/**
 * The panel as a moderation link sees it: the audience's questions and the open answers, and
 * nothing that edits, resets or deletes the poll. The route passes the other features' cards.
 */
export function ModerationPanel({
  slug,
  secret,
  audienceQuestions,
  answers,
}: {
  slug: string;
  secret: string;
  audienceQuestions: (poll: Poll) => ReactNode;
  answers: (question: Question) => ReactNode;
}) {
  useLiveStream(slug, { hostSecret: secret });
  const poll = useQuery({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, hostSecret: secret, signal }),
  });
  if (!poll.data) return <Loading />;
  const texts = poll.data.questions.filter((q) => traitsOf(q.type).moderated);
  const nothing = !poll.data.settings.qa && texts.length === 0;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:py-8" data-testid="moderation-panel">
      <header className="grid gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{t.scopeBadge(t.scopes.moderate.name)}</Badge>
        </p>
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl">
          {poll.data.title}
        </h1>
        <p className="text-muted-foreground">{t.moderationDescription}</p>
      </header>
      {nothing ? <p className="text-muted-foreground">{t.moderationNoText}</p> : null}
      {poll.data.settings.qa ? audienceQuestions(poll.data) : null}
      {texts.map((question) => (
        <Card key={question.id} aria-labelledby={`moderate-q-${question.id}`}>
          <CardHeader>
            <CardTitle id={`moderate-q-${question.id}`} className="[overflow-wrap:anywhere]">
              <MathText text={question.text} />
            </CardTitle>
          </CardHeader>
          <CardContent>{answers(question)}</CardContent>
        </Card>
      ))}
    </div>
  );
}
