import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { HostRoute } from './routes/host.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { ResultsRoute } from './routes/results.tsx';
import { VoteRoute } from './routes/vote.tsx';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      // Spec §2: the host page without a slug goes home.
      { path: '/host', element: <Navigate to="/" replace /> },
      { path: '/host/:slug', element: <HostRoute /> },
      { path: '/p/:slug', element: <VoteRoute /> },
      { path: '/r/:slug', element: <ResultsRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
