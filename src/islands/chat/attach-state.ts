import { atom, computed } from 'nanostores';
import type { ChatAttachment } from '../../shared/contract/chat';
import { rememberPreview, shrinkImage, uploadAttachment } from './attach-upload';
import { $chatModel, $models } from './chat-state';

/** At most this many files go with one question (the API's limit). */
export const MAX_ATTACHMENTS = 8;

export interface PendingAttachment {
  key: string;
  name: string;
  size: number;
  image: boolean;
  /** 0…1 while uploading. */
  progress: number;
  attachment?: ChatAttachment;
  error?: string;
}

/** Files added in the composer for the next question. */
export const $attachments = atom<PendingAttachment[]>([]);

/** The model the next question goes to (the picked one while offered, else the default), with its capabilities. */
export const $currentModel = computed([$models, $chatModel], (offer, picked) => {
  if (!offer) return null;
  const id = offer.models.includes(picked) ? picked : offer.defaultModel;
  return offer.details.find((d) => d.id === id) ?? null;
});

/** Why the next question cannot be sent yet: an upload still running, or pictures for a model without vision. */
export const $attachBlock = computed([$attachments, $currentModel], (list, model): 'uploading' | 'vision' | null => {
  if (list.some((a) => !a.attachment && !a.error)) return 'uploading';
  if (model && !model.vision && list.some((a) => a.image && a.attachment)) return 'vision';
  return null;
});

const patch = (key: string, change: Partial<PendingAttachment>) =>
  $attachments.set($attachments.get().map((a) => (a.key === key ? { ...a, ...change } : a)));

let counter = 0;

/** Adds files (picked, pasted or dropped); each uploads at once. Answers how many were left out (over the limit). */
export function addFiles(files: File[], failed: (name: string, message: string) => void): number {
  const room = MAX_ATTACHMENTS - $attachments.get().length;
  const taken = files.slice(0, Math.max(0, room));
  for (const original of taken) {
    counter += 1;
    const key = `a${counter}`;
    const image = original.type.startsWith('image/');
    $attachments.set([
      ...$attachments.get(),
      { key, name: original.name || 'image.png', size: original.size, image, progress: 0 },
    ]);
    void (async () => {
      const file = image ? await shrinkImage(original) : original;
      const named = file.name ? file : new File([file], 'image.png', { type: file.type });
      const result = await uploadAttachment(named, (progress) => patch(key, { progress }));
      if (!$attachments.get().some((a) => a.key === key)) return; // removed meanwhile
      if (result.ok) {
        if (image) rememberPreview(result.attachment.id, named);
        patch(key, { attachment: result.attachment, progress: 1, name: result.attachment.name });
      } else {
        removeAttachment(key);
        failed(named.name, result.message);
      }
    })();
  }
  return files.length - taken.length;
}

export function removeAttachment(key: string): void {
  $attachments.set($attachments.get().filter((a) => a.key !== key));
}

/** The uploaded files for the question being sent; the composer starts empty again. */
export function takeAttachments(): ChatAttachment[] {
  const ready = $attachments.get().flatMap((a) => (a.attachment ? [a.attachment] : []));
  $attachments.set([]);
  return ready;
}
