import { lazy, Suspense } from 'react';
import { getHostSecret } from '../lib/storage.ts';

// Only a browser holding the presenter code ever shows it: its own chunk.
const TextModeration = lazy(async () => ({
  default: (await import('../features/moderation/components/text-moderation.tsx')).TextModeration,
}));

/** The results page's moderation slot: the host's controls under an open-text question. */
export function resultsModeration(slug: string) {
  return (questionId: number) => {
    const secret = getHostSecret(slug);
    if (!secret) return null;
    return (
      <Suspense fallback={null}>
        <TextModeration slug={slug} secret={secret} questionId={questionId} defaultOpen={false} />
      </Suspense>
    );
  };
}
