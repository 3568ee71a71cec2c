/**
 * Small text helpers shared by validator messages, so every message quotes and lists names the
 * same way.
 */

/** A name in backticks: `` `name` ``. */
export function quote(name: string): string {
  return `\`${name}\``;
}

/**
 * Names in backticks joined with commas and a final "and"; past `max` names the rest are counted
 * ("… and 12 more") so a message about a huge component stays readable.
 */
export function quoteList(names: readonly string[], max = 8): string {
  const shown = names.slice(0, max).map(quote);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * A path `a → b → a` with names in backticks; a long path keeps its first `head` and its last
 * node, counting the skipped ones.
 */
export function arrowPath(names: readonly string[], head = 10): string {
  if (names.length <= head + 1) return names.map(quote).join(' → ');
  const skipped = names.length - head - 1;
  return [...names.slice(0, head).map(quote), `… (${skipped} more)`, quote(names[names.length - 1]!)].join(' → ');
}

/** English plural: `1 rule`, `2 rules`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
