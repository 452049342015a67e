import { useMutation } from '@tanstack/react-query';
import { type ExportFormat, exportFileName } from '../../../../contract/export.ts';
import { apiDownload } from '../../../lib/api-download.ts';
import { downloadBlob } from '../../../lib/qr-code.ts';
import { useHostSession } from '../host-session.tsx';
import { notifyError } from './notify-error.ts';

/**
 * GET /polls/{slug}/export?format=…, saved as resultados-{slug}.{format}. Fetched with the
 * secret in its header and handed to the browser as a blob: a link with the secret in its URL
 * would leave it in the history and in server logs.
 */
export function useExportResults() {
  const { slug, secret } = useHostSession();
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const blob = await apiDownload('exportResults', {
        params: { slug },
        query: { format },
        hostSecret: secret,
      });
      downloadBlob(blob, exportFileName(slug, format));
    },
    onError: notifyError,
  });
}
