import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** The `<script type="application/json">` element that carries the server's query cache. */
export const STATE_ELEMENT_ID = 'sondeo-state';

/** A refusal the server already knows (no such poll, private results), as the API would say it. */
export type ServerFailure = { status: number; statusText: string; message: string; code: string };

/** Puts what GET would have answered into the cache: the data, or the ApiError of a refusal. */
export function seedQuery(
  queryClient: QueryClient,
  queryKey: QueryKey,
  answer: { data: unknown } | { failure: ServerFailure },
): void {
  if ('data' in answer) {
    queryClient.setQueryData(queryKey, answer.data);
    return;
  }
  const { status, statusText, message, code } = answer.failure;
  const error = new ApiError(message, statusText, status, { message, code });
  queryClient.getQueryCache().build(queryClient, { queryKey }).setState({
    status: 'error',
    error,
    errorUpdatedAt: Date.now(),
    errorUpdateCount: 1,
    fetchFailureCount: 1,
    fetchFailureReason: error,
  });
}

/**
 * JSON for the state element; `<` escaped so no text in a poll can close the element. Queries the
 * server only saw start (no answer yet: the browser fetches them as it would anyway) stay out,
 * errors go in (screens show the refusal the server knew).
 */
export function serializeState(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
  });
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

function isErrorLike(value: unknown): value is ReturnType<ApiError['toJSON']> {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/** Reads the server's cache from the page, if the page was server-rendered. */
export function readState(doc: Document): DehydratedState | null {
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/** Hydrates the cache, turning serialised refusals back into ApiError (screens test for it). */
export function hydrateState(queryClient: QueryClient, state: DehydratedState): void {
  hydrate(queryClient, state);
  for (const query of queryClient.getQueryCache().getAll()) {
    const { error } = query.state;
    if (error instanceof ApiError || !isErrorLike(error)) continue;
    const revived = new ApiError(error.message, error.code, error.status, error.details);
    query.setState({ error: revived, fetchFailureReason: revived });
  }
}
