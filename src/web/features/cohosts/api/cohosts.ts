import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CohostScope } from '../../../../contract/cohost-secret.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** Issue 28: the poll's co-host links and what they did, for the presenter code only. */
const keys = {
  links: (slug: string) => [`cohosts-${slug}`] as const,
  activity: (slug: string) => [`cohost-activity-${slug}`] as const,
};

export function cohostsQueryOptions(slug: string, secret: string) {
  return queryOptions({
    queryKey: keys.links(slug),
    queryFn: ({ signal }) =>
      apiCall('listCohosts', { params: { slug }, hostSecret: secret, signal }),
    // Last use changes while the dialog is open: a moderator at work.
    refetchInterval: 30_000,
  });
}

export function cohostActivityQueryOptions(slug: string, secret: string) {
  return queryOptions({
    queryKey: keys.activity(slug),
    queryFn: ({ signal }) =>
      apiCall('cohostActivity', { params: { slug }, hostSecret: secret, signal }),
    refetchInterval: 30_000,
  });
}

export function useCreateCohost(slug: string, secret: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { scope: CohostScope; label: string }) =>
      apiCall('createCohost', { params: { slug }, hostSecret: secret, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.links(slug) }),
  });
}

export function useRevokeCohost(slug: string, secret: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall('deleteCohost', { params: { slug, id }, hostSecret: secret }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.links(slug) }),
  });
}

/** GET …/host with a link: 204 while it is valid, 403 LINK_REVOKED once revoked. */
export function linkCheckQueryOptions(slug: string, secret: string) {
  return queryOptions({
    queryKey: [`cohost-link-check-${slug}`, secret] as const,
    queryFn: ({ signal }) =>
      apiCall('checkHost', { params: { slug }, hostSecret: secret, signal }).then(() => true),
    refetchInterval: 30_000,
    retry: false,
  });
}
