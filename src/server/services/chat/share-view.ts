import { LRUCache } from 'lru-cache';
import { citationAnchor, citationHref, linkCitations } from '../../../shared/citation-links';
import type { UploadAigcMark } from '../../../shared/compliance';
import type { ChatCitation, ChatToolStep } from '../../../shared/contract/chat';
import { createRenderer, escapeHtml } from '../../../shared/markdown';
import type { ChatShareRow } from '../../db/schema';

export interface SharedMessageView {
  id: string;
  question: boolean;
  /** HTML from the no-raw-HTML renderer (answers) or escaped text (questions). */
  html: string;
  reasoningHtml: string | null;
  thinkSeconds: number | null;
  model: string | null;
  /** `aigc`: what the uploaded picture's own metadata said of it (an implicit AI label), if anything. */
  images: Array<{ url: string; name: string; aigc: UploadAigcMark | null }>;
  documents: Array<{ name: string; size: number }>;
  /** The answer's sources, each with the anchor its `[n]` links point to. */
  citations: Array<ChatCitation & { anchor: string }>;
  /** The tools the answer called, in order, shown folded as in the chat (docs/chat.md#tools). */
  tools: ChatToolStep[];
}

export interface ShareView {
  id: string;
  title: string;
  description: string;
  listed: boolean;
  createdAt: Date;
  messages: SharedMessageView[];
}

/**
 * A shared answer's HTML, kept under its text: rendering Markdown takes ~0.2 ms a message, and a
 * share's page rendered for each request with a cookie (the page cache's bypass) rendered them all
 * every time. The key is the content itself (and the label text, one per language), so it is
 * never stale; bounded by bytes.
 */
const rendered = new LRUCache<string, string>({
  maxSize: 4 << 20,
  sizeCalculation: (html, key) => html.length + key.length,
});

function renderMarkdown(copyCode: string, text: string): string {
  const key = `${copyCode}\u0000${text}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = createRenderer({ copyCode })(text);
    rendered.set(key, html);
  }
  return html;
}

/**
 * What /share/{id} shows, rendered on the server so the page reads without JavaScript
 * (docs/chat.md#sharing). Pictures go through the share's own file route, which serves only
 * the attachments this snapshot names; `marks` are their implicit AI labels (sharedImageMarks).
 */
export function shareView(
  share: ChatShareRow,
  labels: { copyCode: string },
  marks: ReadonlyMap<string, UploadAigcMark> = new Map(),
): ShareView {
  const render = (text: string) => renderMarkdown(labels.copyCode, text);
  const messages = share.messages.map((m): SharedMessageView => {
    const files = m.attachments ?? [];
    const citations = m.inversion ? [] : (m.citations ?? []);
    const known = new Set(citations.map((c) => c.n));
    const anchor = (n: number) => citationAnchor(m.id, n);
    return {
      id: m.id,
      question: m.inversion,
      html: m.inversion ? escapeHtml(m.text) : render(linkCitations(m.text, known, anchor)),
      reasoningHtml: !m.inversion && m.reasoning ? render(m.reasoning) : null,
      thinkSeconds: m.thinkMs ? Math.max(1, Math.round(m.thinkMs / 1000)) : null,
      model: m.model ?? null,
      images: files
        .filter((a) => a.kind === 'image')
        .map((a) => ({
          url: `/api/chat/shares/${share.id}/files/${encodeURIComponent(a.id)}`,
          name: a.name,
          aigc: marks.get(a.id) ?? null,
        })),
      documents: files.filter((a) => a.kind === 'document').map((a) => ({ name: a.name, size: a.size })),
      citations: citations.map((c) => ({ ...c, url: citationHref(c.url), anchor: anchor(c.n) })),
      tools: m.inversion ? [] : (m.tools ?? []),
    };
  });
  const { id, title, description, listed, createdAt } = share;
  return { id, title, description, listed, createdAt, messages };
}
