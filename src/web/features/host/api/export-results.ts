import { useMutation } from '@tanstack/react-query';
import { type ExportFormat, exportFileName } from '../../../../contract/export.ts';
import { apiDownload } from '../../../lib/api-download.ts';
import { downloadBlob } from '../../../lib/qr-code.ts';
import { useHostSession } from '../host-session.tsx';
import { notifyError } from './notify-error.ts';

/** The browser's time zone, for the export's times (issue 24); none when it cannot tell. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /polls/{slug}/export?format=…&tz=…, saved under the name the server sends (the poll's
 * title, issue 24), in the browser's zone. Fetched with the
 * secret in its header and handed to the browser as a blob: a link with the secret in its URL
 * would leave it in the history and in server logs.
 */
export function useExportResults() {
  const { slug, secret } = useHostSession();
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const tz = browserTimeZone();
      const { blob, fileName } = await apiDownload('exportResults', {
        params: { slug },
        query: { format, ...(tz && { tz }) },
        hostSecret: secret,
      });
      downloadBlob(blob, fileName ?? exportFileName('', slug, format));
    },
    onError: notifyError,
  });
}
