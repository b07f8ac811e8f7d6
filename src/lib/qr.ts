/**
 * QR codes as PNG data URLs. The encoder loads on first use, so pages that
 * never show a QR code never download it.
 */
export interface QrOptions {
  /** Width and height in CSS pixels; rendered at twice that for sharp screens. */
  size?: number;
  /** Quiet zone in modules. */
  margin?: number;
}

export async function qrDataUrl(text: string, { size = 220, margin = 1 }: QrOptions = {}): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { width: size * 2, margin, errorCorrectionLevel: 'M' });
}

/** Fills an <img> with the QR code of `text`; resolves once the image source is set. */
export async function renderQrInto(img: HTMLImageElement, text: string, options?: QrOptions): Promise<void> {
  img.src = await qrDataUrl(text, options);
}
