// First: zod's setting must precede every schema the app's modules build.
import './lib/zod-jitless.ts';
import { type ComponentType, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { participantRoute } from './app/participant.tsx';
// In the entry itself: the page most people open arrives in one file, which compresses better
// than its pieces (one gzip stream); the other screens are loaded on demand.
import { VotePage } from './app/vote-page.tsx';
import { loadMath } from './components/math-text.tsx';
import { createQueryClient } from './lib/query.ts';
import { hydrateState, readState } from './lib/ssr-state.ts';
import { loadFieldsFor } from './question-types/phone-fields.tsx';
import './participant.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

type PageProps = {
  pathname: string;
  slug: string;
  queryClient: ReturnType<typeof createQueryClient>;
};

/**
 * The participant pages (/p, /r) come server-rendered with their data: they hydrate, and load only
 * their own screen, without the router. Every other path is the client-rendered app.
 */
async function start(container: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  const route = participantRoute(pathname);
  if (!route) {
    const { App } = await import('./app/app.tsx');
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  const Page: ComponentType<PageProps> =
    route.kind === 'vote' ? VotePage : (await import('./app/results-page.tsx')).ResultsPage;
  const queryClient = createQueryClient();
  const state = readState(document);
  const page = (
    <StrictMode>
      <Page pathname={pathname} slug={route.slug} queryClient={queryClient} />
    </StrictMode>
  );
  if (state) {
    // The server rendered these fields: hydrating needs their code (its own chunk) at hand.
    if (route.kind === 'vote') {
      await Promise.all(state.queries.map((q) => loadFieldsFor(q.state.data)));
    }
    // So did its formulas: hydrating them as MathML needs KaTeX, which only such pages load.
    if (container.querySelector('.katex')) await loadMath();
    hydrateState(queryClient, state);
    hydrateRoot(container, page);
  } else {
    // Served without server rendering (the dev server, a build without dist/server).
    createRoot(container).render(page);
  }
}

void start(root);
