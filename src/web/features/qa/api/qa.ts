import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AskQaBody,
  QaFrame,
  QaList,
  QaQuestion,
  QaSort,
  UpdateQaBody,
} from '../../../../contract/qa.ts';
import { QA_PAGE_DEFAULT, QA_PAGE_MAX } from '../../../../contract/qa-limits.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query.ts';

/**
 * Issue 20's calls. A page of questions is read with GET …/qa (with the caller's `votedByMe`);
 * the stream's `qa` frames (queryKeys.qaFrame, written by live-stream.ts) say when it changed.
 */
export function qaListQueryOptions(
  slug: string,
  sort: QaSort,
  hostSecret: string | null = null,
  limit = QA_PAGE_DEFAULT,
) {
  return queryOptions({
    queryKey: [...queryKeys.qa(slug, sort, hostSecret !== null), limit],
    queryFn: ({ signal }) => readQuestions(slug, sort, hostSecret, limit, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The first `limit` questions in `sort` order, read QA_PAGE_MAX at a time (the API's largest
 * page). 'Ver más preguntas' grows `limit`; asking the API for more than a page at once was a
 * 400, so a hall past 200 questions could not see the rest.
 */
export async function readQuestions(
  slug: string,
  sort: QaSort,
  hostSecret: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<QaList> {
  const questions: QaQuestion[] = [];
  const seen = new Set<number>();
  let total = 0;
  for (let offset = 0; offset < limit; offset += QA_PAGE_MAX) {
    const size = Math.min(QA_PAGE_MAX, limit - offset);
    const page = await apiCall('listQa', {
      params: { slug },
      query: { sort, limit: size, offset },
      hostSecret,
      signal,
    });
    total = page.total;
    // Votes can move a question from one page to the next between two reads: kept once.
    for (const question of page.questions) {
      if (seen.has(question.id)) continue;
      seen.add(question.id);
      questions.push(question);
    }
    if (page.questions.length < size) break;
  }
  return { questions, total };
}

/** The latest `qa` frame of this page's stream, if any arrived. */
export function useQaFrame(slug: string): QaFrame | undefined {
  // Written by the stream only, never fetched: a cache entry to follow, without a query function.
  return useQuery<QaFrame>({ queryKey: queryKeys.qaFrame(slug), enabled: false }).data;
}

/** Every cached page of this poll's questions, host's or not. */
const allLists = (slug: string) => ({ queryKey: [`qa-${slug}`] });

export function useAskQuestion(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AskQaBody) => apiCall('askQa', { params: { slug }, body }),
    onSuccess: () => queryClient.invalidateQueries(allLists(slug)),
  });
}

/** Votes with the count shown at once; the server's answer (or the old state) follows. */
export function useVoteQa(slug: string) {
  const queryClient = useQueryClient();
  const patch = (id: number, change: Pick<QaQuestion, 'votes' | 'votedByMe'>) =>
    queryClient.setQueriesData<QaList>(allLists(slug), (list) =>
      list
        ? { ...list, questions: list.questions.map((q) => (q.id === id ? { ...q, ...change } : q)) }
        : list,
    );
  return useMutation({
    mutationFn: ({ id, up }: { id: number; up: boolean; votes: number }) =>
      apiCall('voteQa', { params: { slug, id }, body: { up } }),
    onMutate: ({ id, up, votes }) => patch(id, { votes: votes + (up ? 1 : -1), votedByMe: up }),
    onSuccess: (result, { id }) => patch(id, result),
    onError: (_error, { id, up, votes }) => patch(id, { votes, votedByMe: !up }),
  });
}

export function useModerateQa(slug: string, hostSecret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateQaBody & { id: number }) =>
      apiCall('moderateQa', { params: { slug, id }, body, hostSecret }),
    onSuccess: () => queryClient.invalidateQueries(allLists(slug)),
  });
}

export function useDeleteQa(slug: string, hostSecret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall('deleteQa', { params: { slug, id }, hostSecret }),
    onSuccess: () => queryClient.invalidateQueries(allLists(slug)),
  });
}

export function useClearQa(slug: string, hostSecret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('clearQa', { params: { slug }, hostSecret }),
    onSuccess: () => queryClient.invalidateQueries(allLists(slug)),
  });
}
