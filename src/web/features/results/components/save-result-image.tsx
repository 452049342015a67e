import { useState } from 'react';
import type { SummaryQuestion } from '../../../../contract/summary.ts';
import { Button } from '../../../components/ui/button.tsx';
import { es } from '../../../i18n/es.ts';
import { notify } from '../../../lib/toast.ts';
import { ImageDown } from './icons.ts';

type SaveResultImageProps = {
  slug: string;
  pollTitle: string;
  /** The summary's updatedAt: the moment the results in the image are from. */
  updatedAt: string;
  position: number;
  question: SummaryQuestion;
};

/** 'Guardar imagen': the question's results as a 1920×1080 PNG for a slide or a report. */
export function SaveResultImage({
  slug,
  pollTitle,
  updatedAt,
  position,
  question,
}: SaveResultImageProps) {
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const { saveResultImageFile } = await import('../lib/save-result-image-file.ts');
      await saveResultImageFile(slug, { pollTitle, date: new Date(updatedAt), position, question });
    } catch {
      notify.error(es.clipboard.downloadError);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex justify-end">
      <Button
        variant="ghost"
        size="sm"
        disabled={saving}
        aria-label={es.results.saveImageLabel(position)}
        onClick={() => void save()}
      >
        <ImageDown aria-hidden="true" />
        {es.results.saveImage}
      </Button>
    </div>
  );
}
