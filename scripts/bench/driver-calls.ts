// Records what reaches the libSQL driver: each execute or batch is one database round trip (one network round
// trip to Turso), with the statements it carried. The benchmark replays them raw; the perf tests count and explain them.
import type { Client, InArgs, InStatement } from '@libsql/client';

export type Statement = { sql: string; args: InArgs };
export type DriverCall = { method: 'execute' | 'batch' | 'executeMultiple' | 'transaction' | 'migrate'; statements: Statement[] };

const METHODS = ['execute', 'batch', 'executeMultiple', 'transaction', 'migrate'] as const;

function statementOf(stmt: InStatement | string, args?: InArgs): Statement {
  if (typeof stmt === 'string') return { sql: stmt, args: args ?? [] };
  return { sql: stmt.sql, args: stmt.args ?? [] };
}

function statementsOf(method: DriverCall['method'], params: unknown[]): Statement[] {
  if (method === 'execute') return [statementOf(params[0] as InStatement | string, params[1] as InArgs | undefined)];
  if (method === 'batch' || method === 'migrate') return (params[0] as (InStatement | string)[]).map((s) => statementOf(s));
  if (method === 'executeMultiple') return [{ sql: params[0] as string, args: [] }];
  return [];
}

/** Wraps the client's methods until `restore()`; `during(fn)` returns the calls `fn` made. */
export function recordDriverCalls(client: Client) {
  const target = client as unknown as Record<string, (...params: unknown[]) => unknown>;
  const calls: DriverCall[] = [];
  const originals = new Map<string, (...params: unknown[]) => unknown>();
  for (const method of METHODS) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    originals.set(method, original);
    target[method] = (...params: unknown[]) => {
      calls.push({ method, statements: statementsOf(method, params) });
      return original.apply(client, params);
    };
  }
  return {
    calls,
    async during<T>(fn: () => Promise<T>): Promise<{ result: T; calls: DriverCall[] }> {
      const start = calls.length;
      const result = await fn();
      return { result, calls: calls.slice(start) };
    },
    restore() {
      for (const [method, original] of originals) target[method] = original;
    },
  };
}

/** Replays recorded calls straight on the driver, in the same shape (a batch stays one batch). */
export async function replay(client: Client, calls: DriverCall[]): Promise<void> {
  for (const call of calls) {
    if (call.method === 'batch') await client.batch(call.statements);
    else for (const s of call.statements) await client.execute(s);
  }
}
