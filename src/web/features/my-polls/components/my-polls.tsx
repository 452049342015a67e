import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { esMyPolls as t } from '../../../i18n/es-my-polls.ts';
import { removeHostSecret, useHostSecrets } from '../../../lib/storage.ts';
import { notify } from '../../../lib/toast.ts';
import { useMyPolls } from '../api/lookup-polls.ts';
import { MyPollCard } from './my-poll-card.tsx';

/** Where the header's 'Mis encuestas' link leads. */
export const MY_POLLS_ANCHOR = 'mis-encuestas';

/**
 * 'Mis encuestas' (issue 17): the polls whose host code this browser holds, newest change first.
 * Absent when it holds none (and on the server, which cannot know).
 */
export function MyPolls() {
  const secrets = useHostSecrets();
  if (!secrets || Object.keys(secrets).length === 0) return null;
  return <MyPollsList secrets={secrets} />;
}

function MyPollsList({ secrets }: { secrets: Record<string, string> }) {
  const query = useMyPolls(secrets);
  const heading = useRef<HTMLHeadingElement>(null);
  // Only codes still held: a removed one leaves the list at once, before any new answer.
  const polls = (query.data ?? []).filter((poll) => poll.slug in secrets);
  const loaded = query.data !== undefined;

  // The header's link from another page loads /#mis-encuestas before this section exists, so
  // the browser's own jump to it found nothing: jump once the list is in.
  useEffect(() => {
    if (loaded && window.location.hash === `#${MY_POLLS_ANCHOR}`) {
      document.getElementById(MY_POLLS_ANCHOR)?.scrollIntoView();
    }
  }, [loaded]);

  function remove(slug: string) {
    removeHostSecret(slug);
    notify.success(t.removed);
  }

  return (
    <section
      id={MY_POLLS_ANCHOR}
      aria-labelledby="mis-encuestas-titulo"
      className="grid scroll-mt-20 gap-4"
    >
      <div className="grid gap-1">
        <h2
          id="mis-encuestas-titulo"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-none"
        >
          {t.title}
        </h2>
        <p className="text-muted-foreground">{t.description}</p>
      </div>
      {query.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t.loading}
        </p>
      ) : query.isError && polls.length === 0 ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{t.error}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {polls.map((poll) => (
            <MyPollCard
              key={poll.slug}
              poll={poll}
              onRemove={() => remove(poll.slug)}
              focusAfterRemove={() => heading.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
