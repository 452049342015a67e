import { toast } from 'sonner';
import { es } from '../../../i18n/es.ts';
import { isApiError } from '../../../lib/api-client.ts';

/**
 * Failure toast for host mutations: the server's message is already Spanish and says what went
 * wrong (a wrong stored code gives FORBIDDEN with its own message).
 */
export function notifyError(error: unknown) {
  toast.error(isApiError(error) ? error.message : es.api.unknown);
}
