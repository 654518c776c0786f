/**
 * Defensive localStorage access. Storage may be missing (private mode, disabled cookies), full,
 * or hold anything a past version or a user left behind: reads validate with the domain's
 * schemas, discard what does not parse, and nothing here ever throws.
 */
import type { ResponseSchema } from './api-client';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser's localStorage, or null when it cannot be used at all. */
export function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** A zod-like schema, or a plain type guard (zod-free, for code on the first-load path). */
export type StoredValueCheck<T> = ResponseSchema<T> | ((value: unknown) => value is T);

function check<T>(
  validator: StoredValueCheck<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false } {
  if (typeof validator === 'function')
    return validator(value) ? { ok: true, value } : { ok: false };
  const parsed = validator.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

export interface SafeStorage {
  /** The parsed value, or null when missing, not JSON or not matching the check (then removed). */
  read<T>(key: string, validator: StoredValueCheck<T>): T | null;
  /** Stores JSON; returns false when storage is unavailable or full. */
  write(key: string, value: unknown): boolean;
  readRaw(key: string): string | null;
  writeRaw(key: string, value: string): boolean;
  remove(...keys: string[]): void;
}

export function createStorage(store: KeyValueStore | null = browserStore()): SafeStorage {
  function readRaw(key: string): string | null {
    if (!store) return null;
    try {
      return store.getItem(key);
    } catch {
      return null;
    }
  }

  function writeRaw(key: string, value: string): boolean {
    if (!store) return false;
    try {
      store.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }

  function remove(...keys: string[]): void {
    if (!store) return;
    for (const key of keys) {
      try {
        store.removeItem(key);
      } catch {
        // Nothing to do: a value we cannot remove is read defensively anyway.
      }
    }
  }

  function read<T>(key: string, validator: StoredValueCheck<T>): T | null {
    const raw = readRaw(key);
    if (raw === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      remove(key);
      return null;
    }
    const result = check(validator, value);
    if (!result.ok) {
      remove(key);
      return null;
    }
    return result.value;
  }

  function write(key: string, value: unknown): boolean {
    let raw: string;
    try {
      raw = JSON.stringify(value);
    } catch {
      return false;
    }
    return writeRaw(key, raw);
  }

  return { read, write, readRaw, writeRaw, remove };
}

/** The app-wide instance; tests build their own with `createStorage(fakeStore)`. */
export const storage: SafeStorage = createStorage();
