import { describe, expect, it } from 'vitest';
import { createStorage, type KeyValueStore } from './storage';

function memoryStore(
  initial: Record<string, string> = {},
): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'number');

describe('createStorage', () => {
  it('round-trips JSON values', () => {
    const storage = createStorage(memoryStore());
    expect(storage.write('list', [1, 2])).toBe(true);
    expect(storage.read('list', isNumberList)).toEqual([1, 2]);
  });

  it('discards corrupt JSON instead of throwing', () => {
    const store = memoryStore({ list: '{not json' });
    const storage = createStorage(store);
    expect(storage.read('list', isNumberList)).toBeNull();
    expect(store.data.has('list')).toBe(false);
  });

  it('discards values of the wrong shape', () => {
    const store = memoryStore({ list: '{"a":1}' });
    expect(createStorage(store).read('list', isNumberList)).toBeNull();
    expect(store.data.has('list')).toBe(false);
  });

  it('accepts zod-like schemas as well as guards', () => {
    const schema = {
      safeParse: (value: unknown) =>
        typeof value === 'string'
          ? { success: true as const, data: value.toUpperCase() }
          : { success: false as const },
    };
    const storage = createStorage(memoryStore({ name: '"rowan"' }));
    expect(storage.read('name', schema)).toBe('ROWAN');
  });

  it('never throws when storage itself throws', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = createStorage(broken);
    expect(storage.read('x', isNumberList)).toBeNull();
    expect(storage.write('x', [1])).toBe(false);
    expect(storage.writeRaw('x', 'true')).toBe(false);
    expect(() => storage.remove('x')).not.toThrow();
  });

  it('works without any storage at all', () => {
    const storage = createStorage(null);
    expect(storage.readRaw('x')).toBeNull();
    expect(storage.write('x', 1)).toBe(false);
  });
});
