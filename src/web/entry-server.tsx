import { renderToString } from 'react-dom/server';
import type { Poll } from '../contract/poll.ts';
import type { Summary } from '../contract/summary.ts';
import { ResultsPage } from './app/results-page.tsx';
import { VotePage } from './app/vote-page.tsx';
import { provideMath } from './components/math-text.tsx';
import { es } from './i18n/es.ts';
import { documentTitle } from './lib/document-title.ts';
import { renderTex } from './lib/math/render-tex.ts';
import { createQueryClient, queryKeys } from './lib/query.ts';
import { type ServerFailure, seedQuery, serializeState } from './lib/ssr-state.ts';
import { provideFields } from './question-types/phone-fields.tsx';
import { lazyPhoneFields } from './question-types/phone-fields-all.ts';

export type { ServerFailure } from './lib/ssr-state.ts';

// The browser loads these before hydrating a poll that has such questions (main.tsx).
provideFields(lazyPhoneFields);
// Formulas arrive as MathML, readable before any script runs; the browser loads KaTeX to hydrate.
provideMath(renderTex);

/** What the server knows of the page's poll: its data, or the refusal GET would answer. */
export type ParticipantData =
  | { kind: 'vote'; slug: string; poll: Poll | ServerFailure }
  | { kind: 'results'; slug: string; summary: Summary | ServerFailure };

export type RenderedPage = {
  /** The markup of #root. */
  html: string;
  /** JSON of the query cache, for a `<script type="application/json">` element. */
  state: string;
  /** The page's <title>. */
  title: string;
};

const isFailure = (value: object): value is ServerFailure => 'statusText' in value;

/**
 * Renders /p/{slug} or /r/{slug} from the server's cached poll or summary: the same screen the
 * browser then hydrates from the same cache, so the questions paint before any script runs.
 * Built by Vite's SSR build into dist/server; the server imports that file, never this source.
 */
export function renderParticipantPage(pathname: string, data: ParticipantData): RenderedPage {
  const queryClient = createQueryClient();
  let title = documentTitle();
  let page: React.ReactElement;
  if (data.kind === 'vote') {
    const answer = isFailure(data.poll) ? { failure: data.poll } : { data: data.poll };
    seedQuery(queryClient, queryKeys.poll(data.slug), answer);
    if (!isFailure(data.poll)) title = documentTitle(es.titles.vote(data.poll.title));
    page = <VotePage pathname={pathname} slug={data.slug} queryClient={queryClient} />;
  } else {
    const answer = isFailure(data.summary) ? { failure: data.summary } : { data: data.summary };
    seedQuery(queryClient, queryKeys.summary(data.slug), answer);
    if (!isFailure(data.summary)) title = documentTitle(es.titles.results(data.summary.title));
    page = <ResultsPage pathname={pathname} slug={data.slug} queryClient={queryClient} />;
  }
  const html = renderToString(page);
  const state = serializeState(queryClient);
  queryClient.clear();
  return { html, state, title };
}
