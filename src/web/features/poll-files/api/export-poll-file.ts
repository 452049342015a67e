import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { esPollFiles as t } from '../../../i18n/es-poll-files.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { apiDownload } from '../../../lib/api-download.ts';
import { downloadBlob } from '../../../lib/qr-code.ts';

/** GET /polls/{slug}/file, saved under the name the server sends; the secret travels in its
 *  header, never in a URL. */
export function useExportPollFile(slug: string, secret: string) {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload('exportPollFile', {
        params: { slug },
        hostSecret: secret,
      });
      downloadBlob(blob, fileName ?? `encuesta-${slug}.sondeo.json`);
    },
    onSuccess: () => toast.success(t.exported),
    onError: (error) =>
      toast.error(t.failed, { description: isApiError(error) ? error.message : undefined }),
  });
}
