import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../../../contract/limits.ts';
import type { ImportPollBody } from '../../../../contract/poll-file.ts';
import { useRequestKey } from '../../../lib/action-key.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { saveHostSecret } from '../../../lib/storage.ts';

/**
 * POST /polls/import. The new poll's code is stored as a created poll's is, before anyone
 * navigates: its panel opens unlocked and 'Mis encuestas' lists it.
 */
export function useImportPoll() {
  const keyFor = useRequestKey();
  return useMutation({
    mutationFn: (body: ImportPollBody) =>
      apiCall('importPoll', { body, headers: { [IDEMPOTENCY_HEADER]: keyFor(body) } }),
    onSuccess: (poll) => saveHostSecret(poll.slug, poll.host_secret),
  });
}

/** A file's bytes in base64, as the import takes them (a spreadsheet is not text). */
export async function fileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}
