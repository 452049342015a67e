import { esCore as es } from '../../i18n/es-core.ts';
import { LoaderCircle } from './icons.tsx';

export function Loading() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 py-16 text-muted-foreground"
    >
      <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span>{es.common.loading}</span>
    </div>
  );
}
