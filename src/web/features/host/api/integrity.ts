import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { useHostSession } from '../host-session.tsx';
import { summaryChanged } from './cache.ts';
import { notifyError } from './notify-error.ts';

/** The panel has no stream of its own: a light poll keeps the card current while it is shown
 *  (TanStack pauses it in a background tab). */
export const INTEGRITY_REFRESH_MS = 5000;

export const integrityKey = (slug: string) => [`integrity-${slug}`] as const;

/** GET /polls/{slug}/integrity, refreshed every few seconds. */
export function integrityQueryOptions(slug: string, secret: string) {
  return queryOptions({
    queryKey: integrityKey(slug),
    queryFn: ({ signal }) =>
      apiCall('getIntegrity', { params: { slug }, hostSecret: secret, signal }),
    refetchInterval: INTEGRITY_REFRESH_MS,
  });
}

/** POST /polls/{slug}/discard: the sources and the counts change. */
export function useDiscardSource() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: string) =>
      apiCall('discardSource', { params: { slug }, body: { source }, hostSecret: secret }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: integrityKey(slug) });
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}

/** POST /polls/{slug}/discard with `{unusual: true}`: every source the server flags, at once. */
export function useDiscardUnusual() {
  const { slug, secret } = useHostSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall('discardSource', { params: { slug }, body: { unusual: true }, hostSecret: secret }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: integrityKey(slug) });
      void summaryChanged(queryClient, slug);
    },
    onError: notifyError,
  });
}
