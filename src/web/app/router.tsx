import { createBrowserRouter, Navigate } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { Layout } from './layout.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';

// Each screen is its own chunk: a phone opening /p/{slug} does not download the host panel's
// drag-and-drop or the QR encoder.
export const router = createBrowserRouter([
  {
    element: <Layout />,
    // Shown while the first screen's chunk loads; without it React Router warns on every load.
    HydrateFallback: Loading,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./routes/home.tsx')).HomeRoute }),
      },
      // Spec §2: the host page without a slug goes home.
      { path: '/host', element: <Navigate to="/" replace /> },
      {
        path: '/host/:slug',
        lazy: async () => ({ Component: (await import('./routes/host.tsx')).HostRoute }),
      },
      {
        path: '/p/:slug',
        lazy: async () => ({ Component: (await import('./routes/vote.tsx')).VoteRoute }),
      },
      {
        path: '/r/:slug',
        lazy: async () => ({ Component: (await import('./routes/results.tsx')).ResultsRoute }),
      },
      // The projector's view: its own chunk (keys, QR), without the header.
      {
        path: '/present/:slug',
        lazy: async () => ({ Component: (await import('./routes/present.tsx')).PresentRoute }),
      },
      // Issue 28: the results inside a slide deck, its own small chunk.
      {
        path: '/embed/:slug',
        lazy: async () => ({ Component: (await import('./routes/embed.tsx')).EmbedRoute }),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
