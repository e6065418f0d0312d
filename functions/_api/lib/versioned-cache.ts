// An in-memory cache for response bodies that cost much to build and are the same for every visitor, kept encoded
// (UTF-8 bytes) so that a hit neither serialises nor encodes anything. Each entry
// keeps the data versions it was built from (db/schema/system.ts dataVersions, changed by triggers on every write
// that matters) and counts only while they are unchanged, so a hit is never stale. The least recently used
// entries go first when the byte budget is full. One lives per isolate (Workers) or process (Node).
//
// An entry may also keep what its body was made from (`source`, with its size in bytes): a caller that reads the
// same source again after the versions changed can tell that the body would come out the same (see peek()).

export type Versions = Readonly<Record<string, number>>;
type Entry<S> = { versions: Versions; body: Uint8Array<ArrayBuffer>; source?: S; sourceBytes: number };

export class VersionedCache<S = never> {
  readonly #entries = new Map<string, Entry<S>>();
  #bytes = 0;

  /** A body over `maxEntryBytes` is never kept. */
  constructor(
    readonly maxBytes: number,
    readonly maxEntryBytes = Math.floor(maxBytes / 8),
  ) {}

  /**
   * The entry (its versions, body and source) without counting it as used, current or not; undefined when there is
   * none.
   */
  peek(key: string): Readonly<Entry<S>> | undefined {
    return this.#entries.get(key);
  }

  /** The body when the entry was built from exactly `current`'s versions (for each version the entry depends on). */
  get(key: string, current: Versions): Uint8Array<ArrayBuffer> | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (!sameVersions(entry.versions, current)) {
      this.#delete(key, entry);
      return null;
    }
    // Map order is the recency order: move the entry to the end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.body;
  }

  /** Keeps `body`, built from `versions`, and what it was made from (`source.value`, `source.bytes` in size). */
  set(key: string, versions: Versions, body: Uint8Array<ArrayBuffer>, source?: { value: S; bytes: number }): void {
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    const sourceBytes = source?.bytes ?? 0;
    if (body.byteLength + sourceBytes > this.maxEntryBytes) return;
    this.#entries.set(key, { versions, body, source: source?.value, sourceBytes });
    this.#bytes += body.byteLength + sourceBytes;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#delete(k, e);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #delete(key: string, entry: Entry<S>) {
    this.#entries.delete(key);
    this.#bytes -= entry.body.byteLength + entry.sourceBytes;
  }
}

/** True when every version `built` depends on has the same value in `current`. */
export function sameVersions(built: Versions, current: Versions): boolean {
  return Object.entries(built).every(([name, v]) => current[name] === v);
}
