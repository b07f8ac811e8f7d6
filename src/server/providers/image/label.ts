/**
 * The visible 'AI生成' label Chinese rules ask AI-generated pictures to carry
 * (《人工智能生成合成内容标识办法》: an explicit label on the picture and an
 * implicit one in its metadata). The glyphs are strokes drawn here, so the
 * label renders on servers with no Chinese font installed.
 */

import { AI_LABEL } from '../../../shared/ai-label';
import { type AigcRecord, escapedJson } from '../../../shared/compliance';
import { escapeHtml } from '../../../shared/escape-html';

/** Stroke paths of A, I, 生, 成 on a 100×100 box each. */
const GLYPHS: string[] = [
  'M12,94 L50,8 L88,94 M27,62 L73,62',
  'M36,8 L64,8 M50,8 L50,94 M36,94 L64,94',
  'M30,6 L16,38 M24,28 L84,28 M52,6 L52,92 M26,58 L78,58 M10,92 L90,92',
  'M14,30 L90,30 M20,30 L20,66 Q19,84 8,96 M20,56 L42,56 L40,82 L33,78 M56,6 Q58,58 94,92 L95,78 M84,46 L58,84 M70,8 L80,18',
];
/** Advance per glyph: Latin letters are narrower. */
const ADVANCE = [84, 78, 106, 104];

export const LABEL_TEXT = AI_LABEL;

/**
 * An SVG of the label as a rounded badge, `height` pixels tall: white strokes
 * on a translucent dark pill, readable on light and dark pictures alike.
 */
export function labelSvg(height: number): { svg: string; width: number; height: number } {
  const pad = 34;
  const inner = ADVANCE.reduce((a, b) => a + b, 0);
  const boxW = inner + pad * 2;
  const boxH = 100 + pad * 1.6;
  const width = Math.round((boxW / boxH) * height);
  let x = pad;
  const strokes = GLYPHS.map((d, i) => {
    const g = `<path transform="translate(${x},${pad * 0.8})" d="${d}"/>`;
    x += ADVANCE[i] as number;
    return g;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${boxW} ${boxH}">
<rect width="${boxW}" height="${boxH}" rx="${boxH / 2}" fill="#0b1020" fill-opacity="0.55"/>
<g fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">${strokes}</g></svg>`;
  return { svg, width, height };
}

/** Label height for a picture: about 3.5 % of its shorter side, at least 20 px. */
export function labelHeight(width: number, height: number): number {
  return Math.max(20, Math.round(Math.min(width, height) * 0.035));
}

/**
 * XMP packet with the implicit label: dc:description 'AI生成' and the TC260 `AIGC` record (the
 * standard's JSON, src/shared/compliance.ts) as element text, escaped so no XML entity is needed.
 */
export function labelXmp(record: AigcRecord): string {
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:TC260="http://www.tc260.org.cn/ns/AIGC/1.0/" xmp:CreatorTool="${escapeHtml(record.ContentProducer)}">
<TC260:AIGC>${escapedJson(record)}</TC260:AIGC>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${LABEL_TEXT}</rdf:li></rdf:Alt></dc:description>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * The same record in EXIF, which tools that drop XMP on a re-encode or a format change often keep:
 * UserComment as ASCII JSON (non-ASCII as \u escapes: libvips writes this field as ASCII) and the
 * Windows XPComment as UCS-2 text, readable as it is.
 */
export function labelExif(record: AigcRecord) {
  return {
    // No parentheses at the end: libvips reads "(…)" there as its own type note.
    IFD0: {
      ImageDescription: 'AIGC: AI-generated content',
      Software: 'Miaobi',
      XPComment: JSON.stringify(record),
    },
    IFD2: { UserComment: escapedJson(record, true) },
  };
}
