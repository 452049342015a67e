import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { RESULTS_POLL_INTERVAL_MS } from '../../../contract/limits.ts';
import type { SummaryQuestion } from '../../../contract/summary.ts';
import { esEmbed } from '../../i18n/es-embed.ts';
import { apiCall, isApiError } from '../../lib/api-client.ts';
import { participantUrl } from '../../lib/links.ts';
import { useLiveStream } from '../../lib/live-stream.ts';
import { useQrImage } from '../../lib/qr-code.ts';
import { queryKeys } from '../../lib/query.ts';
import { serverInfoQueryOptions } from '../../lib/server-info.ts';
import { resolveShareOrigin } from '../../lib/share-origin.ts';
import { useShrinkToFit } from './use-shrink-to-fit.ts';

const t = esEmbed;

type EmbedScreenProps = {
  slug: string;
  /** `?q=ID`: this question; otherwise the one on the projector now (else the first). */
  questionId: number | null;
  /** `?join=0` hides the address, code and QR. */
  showJoin: boolean;
  /** The results feature's chart, passed in by the route. */
  renderQuestion: (question: SummaryQuestion, position: number, large: boolean) => ReactNode;
};

/** Frames wider than this get the projector's type sizes. */
const LARGE_FROM_PX = 900;

function useFrameWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const resize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return width;
}

/** Projector type only for a question whose options fit a slide at that size. */
function fitsLarge(question: SummaryQuestion): boolean {
  return question.text.length <= 120 && (question.options?.length ?? 0) <= 4;
}

function JoinBox({ slug, joinCode }: { slug: string; joinCode: string | null }) {
  const info = useQuery(serverInfoQueryOptions());
  const url = participantUrl(resolveShareOrigin(info.data, window.location).origin, slug);
  const qr = useQrImage(url, 256, 2);
  return (
    <aside className="flex shrink-0 items-center gap-4 border-t pt-3" data-testid="embed-join">
      {/* Sized by the frame's height too: in a small frame (480×270) the results keep most of it. */}
      <div className="grid min-w-0 flex-1 gap-1 text-[clamp(0.75rem,min(2.2vw,4.5vh),1.75rem)] leading-tight">
        <p className="min-w-0">
          <span className="text-muted-foreground">{t.joinAt} </span>
          <strong className="[overflow-wrap:anywhere]">{url.replace(/^https?:\/\//, '')}</strong>
        </p>
        {joinCode ? (
          <p>
            <span className="text-muted-foreground">{t.code} </span>
            <strong className="tabular-nums tracking-wider">
              {`${joinCode.slice(0, 3)} ${joinCode.slice(3)}`}
            </strong>
          </p>
        ) : null}
      </div>
      {qr ? (
        <img
          src={qr}
          alt={t.qrAlt(url)}
          className="aspect-square h-[clamp(3rem,min(18vh,22vw),10rem)] shrink-0 rounded-lg bg-white p-1"
        />
      ) : null}
    </aside>
  );
}

function Notice({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="flex h-dvh flex-col items-center justify-center gap-2 p-4 text-center">
      <p className="text-[clamp(1.25rem,3vw,2.5rem)] font-semibold">{title}</p>
      {hint ? <p className="text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/**
 * Issue 28: the live results of one question inside someone's slides, nothing else. It reads
 * what anyone reads (no presenter code is ever sent from here): private results, hidden ones
 * and a running quiz question stay as closed as on /r/.
 */
export function EmbedScreen({ slug, questionId, showJoin, renderQuestion }: EmbedScreenProps) {
  const stream = useLiveStream(slug);
  const polling = stream !== 'live';
  const poll = useQuery({
    queryKey: queryKeys.poll(slug),
    queryFn: ({ signal }) => apiCall('getPoll', { params: { slug }, signal }),
    retry: false,
  });
  const summary = useQuery({
    queryKey: queryKeys.summary(slug),
    queryFn: ({ signal }) => apiCall('getSummary', { params: { slug }, signal }),
    refetchInterval: polling ? RESULTS_POLL_INTERVAL_MS : false,
    enabled: poll.isSuccess,
    retry: false,
  });
  const width = useFrameWidth();
  const frame = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useShrinkToFit(frame, content);
  const status = (error: unknown) => (isApiError(error) ? error.status : 0);
  if (status(poll.error) === 404) return <Notice title={t.notFound} />;
  if (status(summary.error) === 403) return <Notice title={t.private} hint={t.privateHint} />;
  if (!poll.data || !summary.data) return <Notice title={t.loading} />;
  const wanted = questionId ?? poll.data.currentQuestionId;
  const questions = summary.data.questions;
  const index = Math.max(
    0,
    questions.findIndex((q) => q.id === wanted),
  );
  const question = questions[index];
  return (
    <section
      className="flex h-dvh flex-col gap-3 overflow-hidden p-[clamp(0.5rem,2vw,1.5rem)]"
      data-testid="embed"
      aria-label={t.region(poll.data.title)}
    >
      {/* Long content is drawn smaller to fit the frame (use-shrink-to-fit.ts), never scrolled. */}
      <div ref={frame} className="min-h-0 flex-1 overflow-hidden" data-testid="embed-frame">
        <div ref={content} className="origin-top-left" data-testid="embed-content">
          {question ? (
            renderQuestion(question, index + 1, width >= LARGE_FROM_PX && fitsLarge(question))
          ) : (
            <Notice title={t.noQuestion} />
          )}
        </div>
      </div>
      {showJoin && poll.data.status === 'open' ? (
        <JoinBox slug={slug} joinCode={poll.data.joinCode ?? null} />
      ) : null}
    </section>
  );
}
