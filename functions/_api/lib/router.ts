// The app's router: Hono's TrieRouter (RegExpRouter refuses our routes: at one position of a path it takes either
// static text or a single parameter pattern, and the seed's URLs have both, e.g. /menus/near/:regionId next to
// /menus/:id), with its answers kept per method and path. Walking the trie for /v1 (387 routes with the
// middleware on `*`) took about 30 µs of a cold call; a repeated path (the same region's menus, the session, a chef
// page) now takes a Map lookup. Hono reads a match without changing it, so one answer serves every request of its path.
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Paths remembered; past that the map starts afresh, so that unknown paths (probes) cannot make it grow. */
export const REMEMBERED_PATHS = 1000;

export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #answers = new Map<string, Result<T>>();

  /** How many paths' answers are kept. */
  get remembered(): number {
    return this.#answers.size;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (!answer) {
      if (this.#answers.size >= REMEMBERED_PATHS) this.#answers.clear();
      answer = this.#trie.match(method, path);
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
