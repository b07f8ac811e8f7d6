/** The console's API calls: the HttpOnly console cookie authenticates them, not the login token. */
export interface Reply<T> {
  ok: boolean;
  status: number;
  code: number;
  result: string;
  data: T;
}

/** `headers` adds to the cookie: an upload sends the login token too, for its larger body limit (body-limits.ts). */
export async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  try {
    const res = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; result: string; data: T };
    return { ok: res.ok && json.code === 200, status: res.status, ...json };
  } catch {
    return { ok: false, status: 0, code: 0, result: '', data: null as T };
  }
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);
export const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
export const field =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white';
export const card = 'rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
