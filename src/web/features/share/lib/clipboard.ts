import { toast } from 'sonner';
import { es } from '../../../i18n/es.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** Copies a link and says so in a toast; a failure is a toast too, never a thrown error. */
export async function copyLink(url: string): Promise<void> {
  try {
    await copyText(url);
    toast.success(es.clipboard.copied, { description: url });
  } catch {
    toast.error(es.clipboard.copyError);
  }
}
