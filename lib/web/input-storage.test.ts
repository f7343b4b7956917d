import { describe, expect, it } from 'vitest';
import { INPUT_STORAGE_KEY, MAX_STORED_CHARS, clearStoredState, loadStoredState, storeNote, storeState, type KeyValueStorage } from './input-storage';
import type { PlaygroundState } from './playground-state';

/** A Map behind the Storage methods, counting writes. */
function memoryStorage() {
  const map = new Map<string, string>();
  const storage = {
    writes: 0,
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      storage.writes++;
      map.set(key, value);
    },
    removeItem: (key: string) => {
      map.delete(key);
    },
  };
  return storage;
}

/** A storage that throws as a full or forbidden one does. */
const refusing: KeyValueStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

const state: PlaygroundState = {
  mode: 'convert',
  input: 'name: ünïcödé\n',
  inputFormat: 'yaml',
  outputFormat: 'yaml',
  preserveComments: true,
  preserveAnchors: false,
  options: { indent: 4 },
};

describe('input storage', () => {
  it('keeps the whole state, formats and options with the input', () => {
    const storage = memoryStorage();
    expect(storeState(storage, state)).toBe('stored');
    expect(loadStoredState(storage)).toEqual(state);
    const json = { ...state, input: '{"a": 1}', inputFormat: 'json' as const };
    storeState(storage, json);
    expect(loadStoredState(storage)).toEqual(json);
  });

  it('does not keep an input over the cap, and forgets the older one', () => {
    const storage = memoryStorage();
    storeState(storage, state);
    expect(storeState(storage, { ...state, input: 'x'.repeat(MAX_STORED_CHARS + 1) })).toBe('too-large');
    expect(storage.map.has(INPUT_STORAGE_KEY)).toBe(false);
    expect(storage.writes).toBe(1);
    expect(storeState(storage, { ...state, input: 'x'.repeat(MAX_STORED_CHARS) })).toBe('stored');
    expect(storeNote('too-large')).toBe('Not kept for reload: over 2,000,000 characters');
  });

  it('an empty input, or Clear, removes what was kept', () => {
    const storage = memoryStorage();
    storeState(storage, state);
    expect(storeState(storage, { ...state, input: '' })).toBe('cleared');
    expect(loadStoredState(storage)).toBeNull();
    storeState(storage, state);
    clearStoredState(storage);
    expect(loadStoredState(storage)).toBeNull();
  });

  it('a storage that throws, or none, never throws to the page', () => {
    expect(storeState(refusing, state)).toBe('unavailable');
    expect(loadStoredState(refusing)).toBeNull();
    expect(() => clearStoredState(refusing)).not.toThrow();
    expect(storeState(null, state)).toBe('unavailable');
    expect(loadStoredState(null)).toBeNull();
    expect(storeNote('unavailable')).toBe('Not kept for reload: the browser refused storage');
    expect(storeNote('stored')).toBe('');
  });

  it('an entry that is not a state (edited, or from an older version) is ignored', () => {
    const storage = memoryStorage();
    storage.map.set(INPUT_STORAGE_KEY, '{not json');
    expect(loadStoredState(storage)).toBeNull();
    storage.map.set(INPUT_STORAGE_KEY, JSON.stringify({ input: 42 }));
    expect(loadStoredState(storage)).toBeNull();
  });
});
