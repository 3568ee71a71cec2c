/**
 * Zod issues as one readable sentence: where each problem is (`docs[2].agent.rules[0].priority`)
 * and what is wrong, the first few only.
 */
import type { z } from 'zod';

/** A path such as `docs[2].agent.rules[0].priority` (`(root)` for the value itself). */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const key = String(part);
      out += /^[A-Za-z_$][\w$]*$/.test(key) ? `${out ? '.' : ''}${key}` : `[${JSON.stringify(key)}]`;
    }
  }
  return out || '(root)';
}

/** The first `max` issues as `path: message`, joined with `; `, plus how many were left out. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], max = 3): string {
  const shown = issues.slice(0, max).map((i) => `${formatPath(i.path)}: ${i.message}`);
  const more = issues.length - shown.length;
  return shown.join('; ') + (more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : '');
}
