/**
 * Typed JSON wrappers over sessionStorage and localStorage. Storage can throw (private mode,
 * quota, sandboxed frames): a failed read gives `undefined`, a failed write is dropped.
 */
export interface JsonStore {
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
  /** Removes every key that starts with `prefix`. */
  clear(prefix?: string): void;
}

function wrap(area: () => Storage): JsonStore {
  return {
    get<T>(key: string) {
      try {
        const raw = area().getItem(key);
        return raw === null ? undefined : (JSON.parse(raw) as T);
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        area().setItem(key, JSON.stringify(value));
      } catch {
        /* storage unavailable: the value lives only in memory for this page */
      }
    },
    remove(key) {
      try {
        area().removeItem(key);
      } catch {
        /* nothing stored */
      }
    },
    clear(prefix) {
      try {
        const s = area();
        if (!prefix) return s.clear();
        for (const key of Object.keys(s)) if (key.startsWith(prefix)) s.removeItem(key);
      } catch {
        /* nothing stored */
      }
    },
  };
}

export const sessionStore = /* @__PURE__ */ wrap(() => sessionStorage);
export const localStore = /* @__PURE__ */ wrap(() => localStorage);

/** Every key this product writes starts with this, so it never touches a merchant's own keys. */
export const KEY_PREFIX = 'wps:';
