import type { Metadata } from 'sharp';
import type { UploadAigcMark } from '../../../shared/compliance';

/**
 * Reads an uploaded picture's implicit AI labels from what sharp already parsed (bounded by the
 * upload's byte and pixel caps): XMP, EXIF, PNG text chunks, and the raw bytes for a C2PA
 * manifest's JUMBF box. No decoding of its own; the strongest finding wins.
 */

const RANK: Record<UploadAigcMark, number> = { suspected: 1, possible: 2, generated: 3 };
const LABEL_MARK: Record<string, UploadAigcMark> = { '1': 'generated', '2': 'possible', '3': 'suspected' };

/** Generators' names in XMP CreatorTool, EXIF Software, PNG text. */
const GENERATORS =
  /stable[\s-]?diffusion|midjourney|dall[\s·-]?e|novelai|comfyui|automatic1111|invokeai|firefly|imagen|flux\.1|sdxl/i;
/** PNG text chunks generators write: SD WebUI's `parameters`, ComfyUI's `prompt` and `workflow`, NovelAI's `Comment` JSON. */
const GENERATOR_KEYWORDS = new Set(['parameters', 'prompt', 'workflow', 'sd-metadata', 'invokeai_metadata']);
/** IPTC digital source types of generated media. */
const IPTC_GENERATED = /digitalsourcetype\/(?:trainedAlgorithmicMedia|compositeWithTrainedAlgorithmicMedia)/i;
const IPTC_POSSIBLE = /digitalsourcetype\/algorithmicMedia/i;

/** The `Label` of a TC260 `AIGC` record in the text: JSON, XML-escaped or string-escaped, in XMP or EXIF. */
function tc260Label(text: string): UploadAigcMark | null {
  const plain = text.replace(/&quot;|\\u0022|\\"/g, '"');
  // The record's own fields, so a "Label" of anything else is not read as one.
  if (!/"(?:ContentProducer|ProduceID)"/.test(plain)) return null;
  const m = /"Label"\s*:\s*"?([123])\b/.exec(plain);
  return m?.[1] ? (LABEL_MARK[m[1]] ?? null) : null;
}

/** EXIF is binary: the comment fields hold UCS-2 (XPComment) or ASCII; read both. */
function exifText(exif: Buffer): string {
  const ascii = exif.toString('latin1');
  const ucs2 = exif.toString('utf16le').replace(/[^\x20-\x7e]/g, '');
  return `${ascii}\n${ucs2}`;
}

/**
 * PNG text chunks (tEXt, iTXt, zTXt) wherever they are: libvips reports those before the image
 * data only, and some tools write theirs after it. Keywords, and tEXt's Latin-1 text.
 */
export function pngTexts(bytes: Buffer): { keyword: string; text: string }[] {
  const out: { keyword: string; text: string }[] = [];
  if (bytes.subarray(1, 4).toString('latin1') !== 'PNG') return out;
  for (let at = 8; at + 12 <= bytes.length && out.length < 64; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length));
    if (type === 'tEXt' || type === 'iTXt' || type === 'zTXt') {
      const nul = data.indexOf(0);
      const keyword = data.subarray(0, nul < 0 ? 0 : nul).toString('latin1');
      out.push({ keyword, text: type === 'tEXt' ? data.subarray(nul + 1).toString('latin1') : '' });
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return out;
}

/** A JUMBF superbox (`jumb`) whose description box names the `c2pa` manifest store. */
export function hasC2pa(bytes: Buffer): boolean {
  for (let at = bytes.indexOf('jumb'); at >= 0; at = bytes.indexOf('jumb', at + 4)) {
    const near = bytes.subarray(at, at + 64);
    if (near.includes('jumd') && near.includes('c2pa')) return true;
  }
  return false;
}

export function aigcMarkOf(meta: Pick<Metadata, 'xmp' | 'exif' | 'comments'>, bytes: Buffer): UploadAigcMark | null {
  const found: UploadAigcMark[] = [];
  const xmp = meta.xmp?.toString('utf8') ?? '';
  const exif = meta.exif ? exifText(meta.exif) : '';
  for (const text of [xmp, exif]) {
    const label = tc260Label(text);
    if (label) found.push(label);
    if (GENERATORS.test(text)) found.push('suspected');
  }
  if (IPTC_GENERATED.test(xmp)) found.push('generated');
  else if (IPTC_POSSIBLE.test(xmp)) found.push('possible');
  for (const c of [...(meta.comments ?? []), ...pngTexts(bytes)]) {
    const label = tc260Label(`${c.keyword} ${c.text}`);
    if (label) found.push(label);
    if (GENERATOR_KEYWORDS.has(c.keyword.toLowerCase()) || GENERATORS.test(c.text)) found.push('suspected');
  }
  if (hasC2pa(bytes)) found.push('possible');
  return found.reduce<UploadAigcMark | null>((best, m) => (!best || RANK[m] > RANK[best] ? m : best), null);
}
