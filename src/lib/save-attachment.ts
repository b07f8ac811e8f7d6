import { parse } from 'content-disposition';
import { request } from './api';

/** Saves a blob as a file through a temporary link. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.replace(/[\\/:*?"<>|]+/g, '_');
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a song or picture through the API with the login (a private one is its owner's only)
 * and saves it under the name the server gave (its Content-Disposition, 'AI生成' included). False
 * when it failed (the API client has shown why).
 */
export async function saveLabelled(what: 'song' | 'picture', id: string, fallback: string): Promise<boolean> {
  const res = await (what === 'song'
    ? request('GET', '/music/download', { id }, { stream: true })
    : request('GET', '/sd/download', { id }, { stream: true }));
  if (!res.ok || res.kind !== 'stream') return false;
  const header = res.response.headers.get('content-disposition');
  let name = fallback;
  try {
    if (header) name = parse(header).parameters.filename ?? fallback;
  } catch {
    // An unreadable header keeps the fallback name.
  }
  saveBlob(name, await res.response.blob());
  return true;
}
