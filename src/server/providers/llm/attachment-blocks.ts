/**
 * How attachments travel inside a question's text (docs/chat.md#attachments): a picture is named by
 * an `<image …/>` tag before its `image_url` part, a document's extracted text sits in a
 * `<document …>` block. Models read the names; the offline responder reads them back from here.
 */

export interface AttachmentLabel {
  kind: 'image' | 'document';
  name: string;
  /** Bytes of the file. */
  size: number;
}

export interface DocumentCut {
  /** Characters of the document that go along, and all it has. */
  sent: number;
  total: number;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unattr = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

export const imageTag = (a: Pick<AttachmentLabel, 'name' | 'size'>) =>
  `<image name="${attr(a.name)}" size="${a.size}"/>`;

/** The document's text as the model gets it; a cut is said in the block, so the model knows it read a part. */
export function documentBlock(a: Pick<AttachmentLabel, 'name' | 'size'>, text: string, cut?: DocumentCut): string {
  const note = cut
    ? `\n[Only the first ${cut.sent} of ${cut.total} characters of this document fit and are included.]`
    : '';
  return `<document name="${attr(a.name)}" size="${a.size}">\n${text}${note}\n</document>`;
}

const TAG = /<(image|document) name="([^"]*)" size="(\d+)"(?:\/>|>\n([\s\S]*?)\n<\/document>)/g;

/** The attachments named in a message's text, in order, with each document's text. */
export function readAttachmentBlocks(text: string): Array<AttachmentLabel & { text?: string }> {
  return [...text.matchAll(TAG)].map((m) => ({
    kind: m[1] === 'image' ? 'image' : 'document',
    name: unattr(m[2] ?? ''),
    size: Number(m[3]),
    ...(m[4] !== undefined ? { text: m[4] } : {}),
  }));
}

/** The message's own words, without attachment blocks. */
export const withoutAttachmentBlocks = (text: string) => text.replace(TAG, '').trim();
