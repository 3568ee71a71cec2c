/**
 * JSON data in the model: metadata, schemas and the unknown keys every reader keeps so exports
 * write them back.
 */
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

/** JSON value (metadata, schemas). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** Nesting deeper than this is not accepted as JSON data (it could only come from abuse). */
const MAX_JSON_DEPTH = 512;

/** True for a JSON value: null, booleans, finite numbers, strings, arrays and plain objects of them. */
export function isJsonValue(v: unknown, depth = 0): v is Json {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'object' || depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(v)) return v.every((x) => isJsonValue(x, depth + 1));
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(v).every((k) => isJsonValue((v as Record<string, unknown>)[k], depth + 1));
}

/**
 * A JSON value (metadata, schemas, unknown keys). Checked in place rather than rebuilt, so every
 * key survives as data — `__proto__` included, which rebuilding by assignment would turn into a
 * prototype and lose.
 */
export const Json: z.ZodType<Json> = lazySchema(() => z.custom<Json>((v) => isJsonValue(v), { message: 'expected JSON data' }));

/**
 * Keys found on import that the model has no field for (F004), kept in file order and written
 * back on export. Pattern ignores unknown keys, so keeping them loses nothing and breaks nothing.
 */
export const ExtraKeys = lazySchema(() => z.record(z.string(), Json));
export type ExtraKeys = z.infer<typeof ExtraKeys>;
