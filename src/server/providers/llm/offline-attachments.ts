import type { TFunction } from 'i18next';
import { readAttachmentBlocks } from './attachment-blocks';
import { type LlmMessage, messageText } from './types';

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** The first sentence of a document that says something (a few words at least), at most 120 characters. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentences = flat.match(/[^.!?。！？]+[.!?。！？]?/gu) ?? [];
  const found = sentences.map((s) => s.trim()).find((s) => s.length >= 6) ?? flat;
  return found.length > 120 ? `${found.slice(0, 119)}…` : found;
}

/**
 * The demo answer's lines about the question's attachments: each picture and document by name and
 * size, and a sentence quoted from the first document, so attaching works on a machine with no model.
 */
export function offlineAttachmentLines(messages: LlmMessage[], t: TFunction): string[] {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const found = last ? readAttachmentBlocks(messageText(last)) : [];
  if (found.length === 0) return [];
  const lines = [t('chat:offline.attachments'), ''];
  for (const a of found) {
    const key = a.kind === 'image' ? 'chat:offline.attachedImage' : 'chat:offline.attachedDocument';
    lines.push(`- ${t(key, { name: a.name, size: kb(a.size) })}`);
  }
  const doc = found.find((a) => a.kind === 'document' && a.text?.trim());
  if (doc?.text) lines.push('', t('chat:offline.quote', { name: doc.name }), '', `> ${firstSentence(doc.text)}`);
  return [...lines, ''];
}
