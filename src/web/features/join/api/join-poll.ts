import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** GET /join/{code}: the slug of the poll (not closed) with this join code. */
export function useJoinPoll() {
  return useMutation({
    mutationFn: (code: string) => apiCall('joinPoll', { params: { code } }),
  });
}

/** Digits only: '482 913' as read aloud, or pasted with spaces, is the code 482913. */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

export const JOIN_CODE = /^\d{6}$/;
