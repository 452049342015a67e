import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { QR_DOWNLOAD_SIZE_PX, QR_ERROR_LEVEL } from '../../contract/limits.ts';

const base = { errorCorrectionLevel: QR_ERROR_LEVEL } as const;

/** SVG markup of the QR; also used on screen, where it stays sharp at any zoom. */
export function qrSvg(text: string, width: number, margin = 4): Promise<string> {
  return QRCode.toString(text, { ...base, type: 'svg', width, margin });
}

export function qrSvgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function qrFileName(slug: string, extension: 'png' | 'svg'): string {
  return `qr-encuesta-${slug}.${extension}`;
}

/** A PNG of exactly QR_DOWNLOAD_SIZE_PX square, big enough for slides and print. */
export async function qrPngBlob(text: string): Promise<Blob> {
  const canvas = await QRCode.toCanvas(text, { ...base, width: QR_DOWNLOAD_SIZE_PX, margin: 4 });
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob failed'))),
      'image/png',
    );
  });
}

export async function qrSvgBlob(text: string): Promise<Blob> {
  const svg = await qrSvg(text, QR_DOWNLOAD_SIZE_PX);
  return new Blob([svg], { type: 'image/svg+xml' });
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; give them time before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A data URL of the QR of `url` for an <img>, or null until it is made (or if it fails). */
export function useQrImage(url: string, width: number, margin = 2): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrSvg(url, width, margin)
      .then((svg) => current && setImage(qrSvgDataUrl(svg)))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [url, width, margin]);
  return image;
}
