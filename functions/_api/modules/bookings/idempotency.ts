// Idempotent writes (create booking, start payment): the client's Idempotency-Key is claimed in idempotency_keys
// before the work starts and the response is stored after it, so a repeated submission gets the same answer and
// never a second booking or checkout. A failed attempt releases the key, so the client may retry with it.
import { and, eq, isNull, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema/bookings';
import { sha256 } from '../../lib/crypto';
import { ApiError, conflict } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { MINUTE } from '#shared/time';

/** A claim older than this belongs to a request that died; a retry may take it over. */
const STALE_CLAIM_MS = MINUTE;

type Stored = { fingerprint: string; body?: unknown };

export type IdempotentResult<T> = { status: number; body: T; replayed: boolean };

export async function idempotent<T>(
  deps: Pick<Deps, 'db' | 'clock'>,
  claim: { userId: number; scope: string; key: string; fingerprint: string },
  work: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { db, clock } = deps;
  const now = clock.now();
  const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, scope: claim.scope, key: claim.key, status: null, response: { fingerprint: claim.fingerprint } satisfies Stored, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed.length) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    const stored = (row?.response ?? null) as Stored | null;
    if (row && stored?.fingerprint !== claim.fingerprint) {
      throw conflict('This Idempotency-Key was already used for a different request. Send a new key for a new submission.', 'IDEMPOTENCY_KEY_REUSED');
    }
    if (row && row.status != null) return { status: row.status, body: stored!.body as T, replayed: true };
    // Still running elsewhere, unless that attempt died: then take the claim over (one winner, by the old timestamp).
    const takeover = row
      ? await db
          .update(idempotencyKeys)
          .set({ createdAt: now })
          .where(and(where, eq(idempotencyKeys.createdAt, row.createdAt), lt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS))))
          .returning({ key: idempotencyKeys.key })
      : [];
    if (!takeover.length) throw new ApiError(409, 'This request is already being processed. Please wait a moment.', 'IDEMPOTENCY_IN_PROGRESS');
  }
  try {
    const result = await work();
    await db
      .update(idempotencyKeys)
      .set({ status: result.status, response: { fingerprint: claim.fingerprint, body: result.body } satisfies Stored })
      .where(where);
    return { ...result, replayed: false };
  } catch (err) {
    await db
      .delete(idempotencyKeys)
      .where(and(where, isNull(idempotencyKeys.status)))
      .catch(() => undefined);
    throw err;
  }
}

/** A stable fingerprint of a request body, so a key reused for another request is recognised. */
export async function fingerprintOf(value: unknown): Promise<string> {
  return sha256(JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v)));
}
