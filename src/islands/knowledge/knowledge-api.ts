import { get, type ReplyOf, request } from '../../lib/api';
import type { KnowledgeFile } from '../../shared/contract/knowledge';
import { getToken } from '../../stores/auth';

// Calls of the /knowledge page and the composer's picker (docs/knowledge.md). A file goes up through
// XMLHttpRequest, the one browser API that reports upload progress.

export type { KnowledgeBase, KnowledgeFile, KnowledgePassage, KnowledgeQuota } from '../../shared/contract/knowledge';

export const listBases = () => get('/knowledge/bases', undefined, { silent: true });
export const createBase = (name: string) => request('POST', '/knowledge/bases', { name });
export const renameBase = (id: number, name: string) => request('PATCH', `/knowledge/bases/${id}`, { name });
export const deleteBase = (id: number) => request('DELETE', `/knowledge/bases/${id}`, undefined);
export const listFiles = (id: number) => get(`/knowledge/bases/${id}/files`, undefined, { silent: true });
export const addUrl = (id: number, url: string) => request('POST', `/knowledge/bases/${id}/files`, { url });
export const deleteFile = (id: number, fileId: number) =>
  request('DELETE', `/knowledge/bases/${id}/files/${fileId}`, undefined);
export const searchBase = (id: number, query: string) =>
  request('POST', `/knowledge/bases/${id}/search`, { query, limit: 5 });

export type UploadResult = { ok: true; file: KnowledgeFile } | { ok: false; message: string };

/** Uploads one file to a base, reporting progress from 0 to 1. */
export function uploadFile(baseId: number, file: File, onProgress: (share: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/knowledge/bases/${baseId}/files`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { code?: number; result?: string; data?: ReplyOf<'POST', '/knowledge/bases/1/files'> } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's page): the status speaks
      }
      if (xhr.status === 200 && body.code === 200 && body.data) resolve({ ok: true, file: body.data });
      else resolve({ ok: false, message: body.result || xhr.statusText || String(xhr.status) });
    };
    xhr.onerror = () => resolve({ ok: false, message: '' });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Bytes as people read them: 12 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / 1024 / 102.4) / 10} MB`;
}
