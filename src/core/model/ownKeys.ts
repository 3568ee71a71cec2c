/**
 * Objects keyed by names from files (tools, workflow nodes). A name may be `constructor`,
 * `toString` or `__proto__`: looked up in a plain object it finds `Object.prototype`'s members,
 * and assigned to one, `__proto__` changes the object's prototype instead of adding a key. Such
 * objects are made with {@link dict} and read with {@link own}.
 */

/** An empty object with no prototype: every name, `__proto__` included, is an ordinary key of it. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** `record[key]` when `key` is the record's own property, else `undefined` (never an inherited member). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
