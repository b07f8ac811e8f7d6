import { type ReplyOf, request } from '../../lib/api';
import type { ChatAttachment } from '../../shared/contract/chat';
import { getToken } from '../../stores/auth';

// Talks to POST/GET /api/chat/attachments (docs/chat.md#attachments). An upload goes through
// XMLHttpRequest, the one browser API that reports upload progress.

const MAX_SIDE = 2048;
const SHRINKABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A picture shrunk in the browser to at most 2048 px a side, as WebP (JPEG where the browser cannot
 * write WebP). GIFs stay as they are (a canvas would keep one frame); a picture already small and
 * light is sent as it is.
 */
export async function shrinkImage(file: File): Promise<File> {
  if (!SHRINKABLE.has(file.type)) return file;
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return file;
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 512 * 1024) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = (type: string) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob((b) => resolve(b?.type === type ? b : null), type, 0.85));
  const out = (await blob('image/webp')) ?? (await blob('image/jpeg'));
  if (!out || out.size >= file.size) return file;
  const name = file.name.replace(/\.[^.]+$/, '') + (out.type === 'image/webp' ? '.webp' : '.jpg');
  return new File([out], name, { type: out.type });
}

export type UploadResult = { ok: true; attachment: ChatAttachment } | { ok: false; message: string; status: number };

/** Uploads one file, reporting progress from 0 to 1. */
export function uploadAttachment(file: File, onProgress: (share: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/chat/attachments');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { code?: number; result?: string; data?: ReplyOf<'POST', '/chat/attachments'> } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's page): the status speaks
      }
      if (xhr.status === 200 && body.code === 200 && body.data) resolve({ ok: true, attachment: body.data });
      else resolve({ ok: false, status: xhr.status, message: body.result || xhr.statusText || String(xhr.status) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: '' });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const thumbs = new Map<string, Promise<string | null>>();

/** An object URL of one's own attachment (the file is private: read with the token, not by <img src>). */
export function attachmentUrl(id: string): Promise<string | null> {
  let found = thumbs.get(id);
  if (!found) {
    // The file's bytes, not a JSON reply: the client hands the response back unread.
    found = request('GET', `/chat/attachments/${encodeURIComponent(id)}`, undefined, { stream: true, silent: true })
      .then(async (r) => (r.kind === 'stream' ? URL.createObjectURL(await r.response.blob()) : null))
      .catch(() => null);
    thumbs.set(id, found);
  }
  return found;
}

/** Keeps a local preview for an attachment just uploaded, so its thumbnail needs no download. */
export function rememberPreview(id: string, file: File): void {
  thumbs.set(id, Promise.resolve(URL.createObjectURL(file)));
}
