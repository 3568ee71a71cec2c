/** Issue 28: the model's schemas are built on first use (`lazySchema`), and behave as the schema itself. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../src/core/model/lazySchema.ts';

describe('lazySchema', () => {
  it('builds nothing until first used, then builds once', () => {
    let builds = 0;
    const Point = lazySchema(() => {
      builds++;
      return z.object({ x: z.number(), y: z.number().default(0) });
    });
    expect(builds).toBe(0);
    expect(Point.parse({ x: 1 })).toEqual({ x: 1, y: 0 });
    expect(Point.safeParse({ x: 'a' }).success).toBe(false);
    expect(Object.keys(Point.shape)).toEqual(['x', 'y']);
    expect(builds).toBe(1);
  });

  it('is the schema for zod: instanceof, composition, extend and partial', () => {
    const Name = lazySchema(() => z.string().min(1));
    const Tag = lazySchema(() => z.enum(['a', 'b']));
    const Item = lazySchema(() => z.object({ name: Name, tags: z.array(Tag).default([]) }));
    expect(Item).toBeInstanceOf(z.ZodObject);
    expect(Name).toBeInstanceOf(z.ZodString);
    expect(Tag.options).toEqual(['a', 'b']);
    const List = z.array(Item);
    expect(List.parse([{ name: 'n', tags: ['a'] }, { name: 'm' }])).toEqual([
      { name: 'n', tags: ['a'] },
      { name: 'm', tags: [] },
    ]);
    expect(List.safeParse([{ name: '' }]).error?.issues[0]?.path).toEqual([0, 'name']);
    expect(Item.extend({ n: z.number() }).parse({ name: 'x', n: 1 })).toEqual({ name: 'x', tags: [], n: 1 });
    expect(Item.partial().parse({})).toEqual({ tags: [] });
    expect(Item.optional().parse(undefined)).toBeUndefined();
  });

  it('gives the same JSON Schema as the schema built at once', () => {
    const build = () => z.object({ a: z.string(), b: z.array(z.number().int()).optional() });
    expect(z.toJSONSchema(lazySchema(build))).toEqual(z.toJSONSchema(build()));
  });
});
