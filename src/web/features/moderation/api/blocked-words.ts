import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedWordsResponse } from '../../../../contract/blocked-words.ts';
import { esBlockedWords as t } from '../../../i18n/es-blocked-words.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';
import { notify } from '../../../lib/toast.ts';

type Target = { slug: string; secret: string };

const blockedKey = (slug: string) => ['blocked-words', slug] as const;

/** GET /polls/{slug}/blocked-words: the host's words for this poll. */
export function useBlockedWords({ slug, secret }: Target) {
  return useQuery({
    queryKey: blockedKey(slug),
    queryFn: ({ signal }) =>
      apiCall('getBlockedWords', { params: { slug }, hostSecret: secret, signal }),
  });
}

/**
 * PUT /polls/{slug}/blocked-words: the whole list (a word added or removed), and with
 * `applyToExisting` the answers already in; those flagged leave the summary.
 */
export function useSaveBlockedWords({ slug, secret }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ words, applyToExisting }: { words: string[]; applyToExisting?: boolean }) =>
      apiCall('setBlockedWords', {
        params: { slug },
        body: { words, applyToExisting },
        hostSecret: secret,
      }),
    onSuccess: (saved: BlockedWordsResponse, { applyToExisting }) => {
      queryClient.setQueryData(blockedKey(slug), { words: saved.words });
      if (applyToExisting) notify.success(t.applied(saved.flagged));
      if (saved.flagged > 0) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.summary(slug) });
      }
    },
    onError: (error: Error) => notify.error(t.failed, { description: error.message }),
  });
}
