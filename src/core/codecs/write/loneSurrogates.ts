/**
 * Counting the strings and keys that hold a lone surrogate (see `LONE_SURROGATE`), without
 * recursion: the TOML writer replaces them and the export says so.
 */
import { LONE_SURROGATE } from './agentsToml.ts';
import { append } from '../../model/append.ts';

const hasLone = (s: string): boolean => {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(s);
};

/** How many strings (values and keys) inside `value` hold a lone surrogate. */
export function countLoneSurrogates(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasLone(v)) n++;
    } else if (Array.isArray(v)) append(stack, v as unknown[]);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (hasLone(k)) n++;
        stack.push(x);
      }
  }
  return n;
}
