/**
 * A zod schema built on first use. Building zod schemas is the main cost of evaluating the
 * modules that declare them (each `z.object`, `z.string()`, … constructs and initialises an
 * instance), and the studio's first load imports the rule model without parsing anything, so the
 * model's exported schemas are declared with {@link lazySchema}: importing them costs nothing and
 * the first property read (`.parse`, `.shape`, or use inside another schema being parsed) builds
 * the schema once.
 */

/**
 * `build()`'s schema, built when it is first used and then reused: the value behaves as the schema
 * itself (same type, same methods, same `instanceof`), so callers and other schemas use it as they
 * would the schema. `build` must be pure; it runs at most once.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // The target stands in for the schema only to satisfy the Proxy invariants; every trap reads the built schema.
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key) as unknown,
    has: (_target, key) => Reflect.has(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const d = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property as non-configurable unless its target has it so.
      return d ? { ...d, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
