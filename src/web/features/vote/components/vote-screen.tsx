import { useQuery } from '@tanstack/react-query';
import {
  CircleCheckBig,
  CircleOff,
  Clock,
  FileQuestion,
  type LucideIcon,
  SearchX,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Poll } from '../../../../contract/poll.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { es } from '../../../i18n/es.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useLiveStream } from '../../../lib/live-stream.ts';
import { hasVoted } from '../../../lib/storage.ts';
import { pollQueryOptions } from '../api/poll.ts';
import { VoteForm } from './vote-form.tsx';

/**
 * The participant page, its states in the order of spec §2. It follows the poll live: opening,
 * closing and edits show up without a reload.
 */
export function VoteScreen({ slug }: { slug: string }) {
  const stream = useLiveStream(slug);
  const poll = useQuery(pollQueryOptions(slug, stream));
  const [voted, setVoted] = useState(() => hasVoted(slug));

  const data = poll.data;
  // Only a poll never loaded is an error screen; a failed re-check keeps the last poll shown.
  if (!data) {
    if (!poll.isError) return <Loading />;
    return (
      <Notice
        icon={SearchX}
        title={es.vote.pollNotFound}
        description={es.vote.pollNotFoundDescription}
        action={
          isApiError(poll.error) && poll.error.status === 0 ? (
            <Button variant="outline" onClick={() => poll.refetch()}>
              {es.vote.retry}
            </Button>
          ) : null
        }
      />
    );
  }
  if (voted) {
    return (
      <Notice
        icon={CircleCheckBig}
        title={es.vote.thanksTitle}
        description={es.vote.thanksDescription}
        action={<ResultsLink poll={data} />}
      />
    );
  }
  if (data.status === 'closed') {
    return (
      <Notice
        icon={CircleOff}
        title={es.vote.closedTitle}
        description={es.vote.closedDescription}
        action={<ResultsLink poll={data} />}
      />
    );
  }
  if (data.status === 'draft') {
    return (
      <Notice icon={Clock} title={es.vote.draftTitle} description={es.vote.draftDescription} />
    );
  }
  if (data.questions.length === 0) {
    return (
      <Notice
        icon={FileQuestion}
        title={es.vote.noQuestions}
        description={es.vote.noQuestionsDescription}
      />
    );
  }
  return (
    <div className="mx-auto w-full max-w-[480px] px-4 pt-6">
      <h1 className="mb-6 text-2xl leading-tight font-bold break-words">{data.title}</h1>
      <VoteForm poll={data} onVoted={() => setVoted(true)} />
    </div>
  );
}

type NoticeProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
};

function Notice(props: NoticeProps) {
  return (
    <div className="mx-auto w-full max-w-[480px]">
      <EmptyState {...props} level={1} className="py-16" />
    </div>
  );
}

/** Results are worth a link only where the server will show them to anyone. */
function ResultsLink({ poll }: { poll: Poll }) {
  if (!poll.settings.resultsPublic && poll.status !== 'closed') return null;
  return (
    <Link
      to={`/r/${encodeURIComponent(poll.slug)}`}
      className={buttonVariants({ variant: 'outline' })}
    >
      {es.vote.viewResults}
    </Link>
  );
}
