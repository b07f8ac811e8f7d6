/**
 * Local-storage helper with optional expiry (docs/routes-and-screens.md). Entries are stored as
 * JSON `{ data, expire }`, `expire` being a millisecond timestamp or `null`.
 */

/** Default lifetime for callers that want entries to expire (7 days; docs/routes-and-screens.md). */
export const DEFAULT_EXPIRE_SECONDS = 604_800;

/** The part of the Web Storage API this helper needs. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface StoredEntry<T> {
  data: T;
  expire: number | null;
}

export interface ExpiringStorage {
  /**
   * Stores `value` as JSON. `expireSeconds` omitted or `null` keeps it until
   * removed. Returns false when storage is unavailable or full.
   */
  set<T>(key: string, value: T, expireSeconds?: number | null): boolean;
  /**
   * The stored data, or `null` when missing, expired (the entry is then
   * removed) or unreadable. The type is the caller's claim, not checked.
   */
  get<T>(key: string): T | null;
  remove(key: string): void;
  clear(): void;
}

export interface ExpiringStorageOptions {
  /** Resolved on every call, so a module can be imported during SSR. */
  storage?: () => StorageLike | undefined;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

function browserStorage(): StorageLike | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Reading localStorage throws when the browser blocks site data.
    return undefined;
  }
}

function isEntry(value: unknown): value is StoredEntry<unknown> {
  if (typeof value !== 'object' || value === null || !('data' in value) || !('expire' in value)) return false;
  return value.expire === null || typeof value.expire === 'number';
}

export function createExpiringStorage(options: ExpiringStorageOptions = {}): ExpiringStorage {
  const storage = options.storage ?? browserStorage;
  const now = options.now ?? Date.now;

  return {
    set(key, value, expireSeconds = null) {
      if (expireSeconds !== null && !Number.isFinite(expireSeconds)) {
        throw new RangeError(`expireSeconds must be a finite number, got ${expireSeconds}`);
      }
      const entry: StoredEntry<typeof value> = {
        data: value,
        expire: expireSeconds === null ? null : now() + expireSeconds * 1000,
      };
      const target = storage();
      if (!target) return false;
      try {
        target.setItem(key, JSON.stringify(entry));
        return true;
      } catch {
        // Quota exceeded or storage disabled: the caller decides whether it matters.
        return false;
      }
    },

    get<T>(key: string): T | null {
      const target = storage();
      const raw = target?.getItem(key);
      if (!target || raw == null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return null;
      }
      if (!isEntry(parsed)) return null;
      if (parsed.expire !== null && parsed.expire <= now()) {
        target.removeItem(key);
        return null;
      }
      return parsed.data as T;
    },

    remove(key) {
      storage()?.removeItem(key);
    },

    clear() {
      storage()?.clear();
    },
  };
}

/** The browser's localStorage; inert (returns null, stores nothing) during SSR. */
export const ls = createExpiringStorage();
