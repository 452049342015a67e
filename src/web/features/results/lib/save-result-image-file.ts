import { downloadBlob } from '../../../lib/qr-code.ts';
import { type ResultImage, resultImageBlob, resultImageFileName } from './result-image.ts';

/** Draws and saves the image; loaded on the first click, so the results page stays light. */
export async function saveResultImageFile(slug: string, image: ResultImage): Promise<void> {
  downloadBlob(await resultImageBlob(image), resultImageFileName(slug, image.position));
}
