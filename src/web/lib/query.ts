import { QueryClient } from '@tanstack/react-query';
import { CACHE_LIFETIME_MS } from '../../contract/limits.ts';
import { isApiError } from './api-client.ts';

/** Cache keys (spec §4: the poll is cached as `poll-{slug}`). */
export const queryKeys = {
  poll: (slug: string) => [`poll-${slug}`] as const,
  summary: (slug: string) => [`summary-${slug}`] as const,
  /** Written by the host's event stream only (people with the participation page open). */
  presence: (slug: string) => [`presence-${slug}`] as const,
  /** GET …/me: the questions this participant (cookie) already answered. */
  answered: (slug: string) => [`answered-${slug}`] as const,
  /** Older answers of an open-text question, page by page (the summary has the newest). */
  answers: (slug: string, questionId: number) => [`answers-${slug}`, questionId] as const,
  /** Issue 20: a page of audience questions as the caller sees them (host or not), and the
   *  latest `qa` frame of the stream. */
  qa: (slug: string, sort: string, asHost: boolean) => [`qa-${slug}`, sort, asHost] as const,
  qaFrame: (slug: string) => [`qa-frame-${slug}`] as const,
  serverInfo: ['server-info'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_LIFETIME_MS,
        staleTime: 0,
        // A 4xx will not change by asking again; network blips and 5xx may.
        retry: (failures, error) =>
          failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
