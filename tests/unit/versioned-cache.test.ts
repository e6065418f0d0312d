// The in-memory body cache behind menus near: hits only on the versions an entry was built from, and a byte budget
// that drops the least recently used entries first.
import { describe, expect, it } from 'vitest';
import { sameVersions, VersionedCache } from '../../functions/_api/lib/versioned-cache';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array | null) => (body ? new TextDecoder().decode(body) : null);

describe('VersionedCache', () => {
  it('returns a body only while every version it depends on is unchanged', () => {
    const cache = new VersionedCache(1000);
    cache.set('a', { catalog: 1 }, bytes('body-a'));
    expect(text(cache.get('a', { catalog: 1, days: 7 }))).toBe('body-a');
    expect(cache.get('a', { catalog: 2, days: 7 })).toBeNull();
    // A stale entry is dropped, not kept for later.
    expect(cache.get('a', { catalog: 1, days: 7 })).toBeNull();
    expect(cache.size).toBe(0);

    cache.set('b', { catalog: 1, days: 5 }, bytes('body-b'));
    expect(cache.get('b', { catalog: 1, days: 6 })).toBeNull();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.get('missing', { catalog: 1 })).toBeNull();
  });

  it('drops the least recently used entries when the byte budget is full, and never keeps an oversized body', () => {
    const cache = new VersionedCache(30, 12);
    cache.set('a', { v: 1 }, bytes('x'.repeat(10)));
    cache.set('b', { v: 1 }, bytes('y'.repeat(10)));
    cache.set('c', { v: 1 }, bytes('z'.repeat(10)));
    expect(cache.get('a', { v: 1 })).not.toBeNull(); // a is now the most recently used
    cache.set('d', { v: 1 }, bytes('w'.repeat(10)));
    expect(cache.peek('b')?.versions).toBeUndefined();
    expect(cache.peek('a')?.versions).toEqual({ v: 1 });
    expect(cache.bytes).toBe(30);
    cache.set('huge', { v: 1 }, bytes('h'.repeat(13)));
    expect(cache.peek('huge')?.versions).toBeUndefined();
    cache.set('a', { v: 2 }, bytes('short'));
    expect(cache.bytes).toBe(25);
  });

  it('keeps what a body was made from with it, counted in the budget, also while its versions are stale', () => {
    const cache = new VersionedCache<{ page: string }>(40, 20);
    cache.set('a', { v: 1 }, bytes('x'.repeat(10)), { value: { page: 'p1' }, bytes: 8 });
    expect(cache.bytes).toBe(18);
    // A stale entry still shows its body and source to peek(), for a caller that can tell the body would be the same.
    expect(cache.peek('a')?.source).toEqual({ page: 'p1' });
    cache.set('a', { v: 2 }, bytes('x'.repeat(10)), { value: { page: 'p1' }, bytes: 8 });
    expect(text(cache.get('a', { v: 2 }))).toBe('x'.repeat(10));
    expect(cache.bytes).toBe(18);
    cache.set('b', { v: 1 }, bytes('y'.repeat(10)), { value: { page: 'p2' }, bytes: 8 });
    cache.set('c', { v: 1 }, bytes('z'.repeat(10)), { value: { page: 'p3' }, bytes: 8 });
    // 54 bytes with the sources: the least recently used entry goes.
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.bytes).toBe(36);
    // A body and source over the entry limit together are never kept.
    cache.set('d', { v: 1 }, bytes('w'.repeat(10)), { value: { page: 'p4' }, bytes: 11 });
    expect(cache.peek('d')).toBeUndefined();
  });

  it('compares only the versions the entry depends on', () => {
    expect(sameVersions({ catalog: 3 }, { catalog: 3, days: 9 })).toBe(true);
    expect(sameVersions({ catalog: 3, days: 8 }, { catalog: 3, days: 9 })).toBe(false);
    expect(sameVersions({ catalog: 3 }, {})).toBe(false);
  });
});
