import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import type { Poll } from '../../../../contract/poll.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  CircleCheckBig,
  CircleOff,
  Clock,
  FileQuestion,
  type IconComponent,
  SearchX,
} from '../../../components/ui/icons.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { esCore as es } from '../../../i18n/es-core.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useHydrated } from '../../../lib/fullscreen.ts';
import { useLiveStream } from '../../../lib/live-stream.ts';
import { AppLink } from '../../../lib/navigation.tsx';
import { hasVoted } from '../../../lib/voted.ts';
import { answeredQueryOptions } from '../api/answered.ts';
import { pollQueryOptions } from '../api/poll.ts';
import { VoteForm } from './vote-form.tsx';

// Homework's deadline (issue 27): its own chunk, loaded only by a poll that has one.
const DeadlineNote = lazy(async () => ({
  default: (await import('../../../components/deadline-note.tsx')).DeadlineNote,
}));

// The presenter pace is the exception: its form loads only where a poll uses it, so the
// everyday vote page stays within the phone's byte budget.
const PacedVote = lazy(async () => ({ default: (await import('./paced-vote.tsx')).PacedVote }));

/**
 * The participant page, its states in the order of spec §2. It follows the poll live: opening,
 * closing and edits show up without a reload.
 */
type VoteScreenProps = {
  slug: string;
  /** A quiz's game (another feature's, loaded lazily by the route): shown instead of the form
   *  once the poll is open, and for its final standing once closed. */
  quiz?: (poll: Poll) => ReactNode;
  /** 'Resultados tras votar' (issue 27, another feature's, lazy): the results of the questions
   *  this phone answered, shown under its answers while the poll has the setting on. */
  afterVote?: (slug: string, answered: ReadonlySet<number>) => ReactNode;
};

export function VoteScreen({ slug, quiz, afterVote }: VoteScreenProps) {
  const stream = useLiveStream(slug, { asParticipant: true });
  const poll = useQuery(pollQueryOptions(slug, stream));
  // The paced form is a lazy chunk, which cannot load during the server's render (React gave up
  // the boundary there, error 419 on hydration): it shows once hydrated.
  const hydrated = useHydrated();
  // The poll's run (issue 17): a vote reset starts a new one, in which this phone may vote again.
  const run = poll.data?.resetCount ?? 0;
  const answered = useQuery(answeredQueryOptions(slug, run));
  // The run in which this page sent its ballot.
  const [votedIn, setVotedIn] = useState<number | null>(null);
  // Session storage is the browser's: the server renders "not voted", and hydration switches.
  const votedBefore = useSyncExternalStore(
    noSubscription,
    () => hasVoted(slug, run),
    () => false,
  );
  useDocumentTitle(poll.data ? es.titles.vote(poll.data.title) : null);
  // Questions answered on this page with the presenter pace on, in one run.
  const [paced, setPaced] = useState<{ run: number; ids: ReadonlySet<number> }>(() => ({
    run,
    ids: new Set(),
  }));
  const pacedAnswers = paced.run === run ? paced.ids : noAnswers;
  const votedNow = votedIn === run;

  const data = poll.data;
  // Until the server says otherwise (or when it cannot), nothing counts as answered.
  const answeredIds = new Set(answered.data?.answeredQuestionIds ?? []);
  const remaining = data?.questions.filter((q) => !answeredIds.has(q.id)) ?? [];
  const answeredAll = !!data && data.questions.length > 0 && remaining.length === 0;
  const voted = votedNow || votedBefore || answeredAll;
  // The questions this phone answered, as far as it knows: the server's list, those answered on
  // this page, and every question once its ballot went in (the full form sends them all).
  const mine = new Set([...answeredIds, ...pacedAnswers]);
  if (votedNow || votedBefore) for (const q of data?.questions ?? []) mine.add(q.id);
  const results =
    afterVote && data?.settings.resultsAfterVote && mine.size > 0 ? afterVote(slug, mine) : null;

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
  if (quiz && data.settings.quiz && data.status !== 'draft') return quiz(data);
  // The presenter pace asks one question at a time, whatever the full form's flag says.
  if (data.settings.presenterPace && data.status === 'open' && data.questions.length > 0) {
    if (!hydrated) return <Loading />;
    return (
      <Suspense fallback={<Loading />}>
        <PacedVote
          poll={data}
          answered={pacedAnswers}
          onAnswered={(id) => setPaced({ run, ids: new Set(pacedAnswers).add(id) })}
        />
        <div className="mx-auto w-full max-w-[480px] px-4">{results}</div>
      </Suspense>
    );
  }
  if (voted) {
    return (
      <Notice
        icon={CircleCheckBig}
        title={es.vote.thanksTitle}
        description={es.vote.thanksDescription}
        action={<ResultsLink poll={data} />}
      >
        {results}
      </Notice>
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
      <h1 className="mb-6 text-2xl leading-tight font-bold">{data.title}</h1>
      {/* Homework (issue 27): the deadline in the participant's zone, a countdown at the end. */}
      {data.settings.closesAt && hydrated ? (
        <div className="-mt-4 mb-6 text-muted-foreground">
          <Suspense fallback={null}>
            <DeadlineNote closesAt={data.settings.closesAt} />
          </Suspense>
        </div>
      ) : null}
      {remaining.length < data.questions.length ? (
        <p className="mb-6 text-muted-foreground" data-testid="vote-partly-answered">
          {es.vote.partlyAnswered(data.questions.length - remaining.length)}
        </p>
      ) : null}
      {results}
      <VoteForm poll={{ ...data, questions: remaining }} onVoted={() => setVotedIn(run)} />
    </div>
  );
}

const noSubscription = () => () => {};
const noAnswers: ReadonlySet<number> = new Set();

type NoticeProps = {
  icon: IconComponent;
  title: string;
  description: string;
  action?: ReactNode;
  children?: ReactNode;
};

function Notice({ children, ...props }: NoticeProps) {
  return (
    <div className="mx-auto w-full max-w-[480px]">
      <EmptyState {...props} level={1} className="py-16" />
      {children ? <div className="px-4 pb-8">{children}</div> : null}
    </div>
  );
}

/** Results are worth a link only where the server will show them to anyone. */
function ResultsLink({ poll }: { poll: Poll }) {
  if (!poll.settings.resultsPublic && poll.status !== 'closed') return null;
  return (
    <AppLink
      to={`/r/${encodeURIComponent(poll.slug)}`}
      className={buttonVariants({ variant: 'outline' })}
    >
      {es.vote.viewResults}
    </AppLink>
  );
}
