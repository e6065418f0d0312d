// The validator middleware of every route, over validate.ts's parse() (whose field errors the web's forms share through
// #shared/field-errors; this file is the server's only). Its types carry each route's inputs into the app's type, which
// the web's typed client reads.
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import * as v from 'valibot';
import type { AppEnv } from '../env';
import { readJson } from './http';
import { listQuery } from '#shared/schemas/list.schema';
import { pickList } from './list';
import { parse } from './validate';

/** Where a validator reads its input: the JSON body, the query string or the path parameters. */
export type Target = 'json' | 'query' | 'param';

/**
 * A body without fields (emptyBody) as the client may send it: valibot infers `{}`, which TypeScript lets carry any
 * field, while the strict schema refuses every one with a 400; `Record<string, never>` lets the typed client refuse them
 * as well.
 */
type Body<I> = I extends object ? ([keyof I] extends [never] ? Record<string, never> : I) : I;

/**
 * What a client sends for a schema: a JSON body as the schema's input; query and path values as text (numbers and
 * booleans are written into the URL as they are, and the schema turns them back).
 */
type Sent<T extends Target, S extends v.GenericSchema> = T extends 'json' ? Body<v.InferInput<S>> : { [K in keyof v.InferInput<S>]: string | number | boolean };

async function read(c: Context<AppEnv>, target: Target): Promise<unknown> {
  if (target === 'json') return readJson(c);
  return target === 'query' ? c.req.query() : c.req.param();
}

/**
 * The validator middleware of every route: it reads the input (a JSON body through readJson, so malformed or non-object
 * bodies get our messages), runs parse() on it, and hands the result to the handler as `c.req.valid(target)`. Its
 * types carry the input into the app's type, so the web's hc client is typed by the same schema.
 */
export function valid<T extends Target, S extends v.GenericSchema>(
  target: T,
  schema: S,
  pick: (input: Record<string, unknown>) => unknown = (input) => input,
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: Sent<T, S> }; out: { [K in T]: v.InferOutput<S> } }> {
  return async (c, next) => {
    c.req.addValidatedData(target, parse(schema, pick((await read(c, target)) as Record<string, unknown>)) as object);
    await next();
  };
}

/** The text a query or path validator's input comes from: the query string, or the path (its parameters). */
function inputText(c: Context<AppEnv>, target: 'query' | 'param'): string {
  if (target === 'param') return c.req.path;
  const url = c.req.url;
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/**
 * valid(target, schema) for a hot read whose query strings or paths repeat (menus near): each distinct text is
 * validated once, and its output, frozen, serves later requests with the same text (the last `remember` of them).
 * Only an accepted input is remembered; a refused one is validated again every time.
 */
export function validOnce<T extends 'query' | 'param', S extends v.GenericSchema>(target: T, schema: S, remember = 256) {
  const typed = valid(target, schema);
  const outputs = new Map<string, object>();
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = inputText(c, target);
    let output = outputs.get(key);
    if (!output) {
      output = parse(schema, (await read(c, target)) as Record<string, unknown>) as object;
      for (const value of Object.values(output)) if (Array.isArray(value)) Object.freeze(value);
      Object.freeze(output);
      if (outputs.size >= remember) outputs.clear();
      outputs.set(key, output);
    }
    c.req.addValidatedData(target, output);
    await next();
  };
  return middleware as typeof typed;
}

/** A JSON answer serialised ahead (a cached body sent as bytes), typed as `c.json(value)` would type it. */
export const preserialised = <T>(res: Response) => res as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

/** The list parameters as a validator: the handler reads them as `c.req.valid('query')`; `orderDir` as in listQuery. */
export const validList = <Order extends string>(orderable: readonly [Order, ...Order[]], orderDir?: 'asc' | 'desc') =>
  valid('query', v.object(listQuery(orderable, orderDir)), pickList);
