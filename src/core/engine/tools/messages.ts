/**
 * The exact failure texts of `tool-rules.md` §6, with the Rust debug formatting they rely on:
 * `{:?}` of a string, of a `Vec<String>` and of a `std::time::Duration`.
 */

/** Rust's `{:?}` of a string: double-quoted, with `\\`, `\"` and control characters escaped. */
export function rustDebugString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return out + '"';
}

const debugStrings = new Map<string, string>();

/** {@link rustDebugString}, memoised for the short, recurring strings tool names are. */
export function rustDebugName(name: string): string {
  let s = debugStrings.get(name);
  if (s === undefined) {
    s = rustDebugString(name);
    if (debugStrings.size < 100_000) debugStrings.set(name, s);
  }
  return s;
}

/** Rust's `{:?}` of a list of strings: `["a", "b"]`, `[]` when empty. */
export function rustDebugList(items: readonly string[]): string {
  return `[${items.map(rustDebugName).join(', ')}]`;
}

/** Integer part, then the fractional digits of `frac / (10 * unit)` without trailing zeros. */
function decimal(integer: number, frac: number, firstDigit: number, suffix: string): string {
  let digits = '';
  let rest = frac;
  for (let d = firstDigit; rest > 0 && d >= 1; d /= 10) {
    const digit = Math.floor(rest / d);
    digits += String(digit);
    rest -= digit * d;
  }
  return `${integer}${digits ? '.' + digits : ''}${suffix}`;
}

/**
 * Rust's `{:?}` of a `Duration` given in milliseconds: seconds with their fraction from 1 s up
 * (`4.5s`, `60s`), milliseconds below (`450ms`, `1.5ms`), then `µs` and `ns` (`0ns` for zero).
 */
export function rustDurationDebug(ms: number): string {
  const whole = Math.max(0, ms);
  const secs = Math.floor(whole / 1000);
  const nanos = Math.round((whole - secs * 1000) * 1_000_000);
  if (secs > 0) return decimal(secs, nanos, 100_000_000, 's');
  if (nanos >= 1_000_000) return decimal(Math.floor(nanos / 1_000_000), nanos % 1_000_000, 100_000, 'ms');
  if (nanos >= 1_000) return decimal(Math.floor(nanos / 1_000), nanos % 1_000, 100, 'µs');
  return `${nanos}ns`;
}

/** Strings compared by code unit, the order `AllowedOperations` values are listed in. */
export function sortedStrings(items: Iterable<string>): string[] {
  return [...items].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The text of a `PrerequisitesNotMet` message before its list of executed tools (which `]` closes). */
export function prerequisitesNotMetHead(tool: string, missing: readonly string[]): string {
  return `Tool ${tool} cannot be executed: prerequisites ${rustDebugList(missing)} not met. Executed tools: [`;
}

/**
 * `PrerequisitesNotMet`: `calledDebug` = the tools called in this scope, in order, repeats kept,
 * formatted as Rust debug items joined by `, ` (see `HistoryListMessage`, which the engine uses).
 */
export function prerequisitesNotMetMessage(tool: string, missing: readonly string[], calledDebug: string): string {
  return `${prerequisitesNotMetHead(tool, missing)}${calledDebug}]`;
}

/** `MaxCallsExceeded`. */
export function maxCallsExceededMessage(tool: string, max: number, current: number): string {
  return `Tool ${tool} has exceeded maximum calls (${max}). Current: ${current}`;
}

/** `CooldownActive`, the remaining time in Rust's Duration debug format. */
export function cooldownActiveMessage(tool: string, remainingMs: number): string {
  return `Tool ${tool} is in cooldown. Remaining: ${rustDurationDebug(remainingMs)}`;
}

/**
 * Texts of lists that do not change once built (a rule's group, an allowed-operations set), kept
 * per list object: failures against the same rule recur, and their lists need formatting once.
 */
const listTexts = new WeakMap<object, string>();

/**
 * One memo function per format, so that its call of `format` always calls the same function: one
 * memo for both formats was compiled for the first it met, and the other then threw that code
 * away (`--trace-deopt`: wrong call target).
 */
function groupText(group: readonly string[]): string {
  let text = listTexts.get(group);
  if (text === undefined) {
    text = rustDebugList(group);
    listTexts.set(group, text);
  }
  return text;
}

function allowedText(allowed: Iterable<string>): string {
  let text = listTexts.get(allowed);
  if (text === undefined) {
    text = sortedStrings(allowed).join(', ');
    listTexts.set(allowed, text);
  }
  return text;
}

/** `ExclusiveGroupViolation`; `group` is the rule's list (not changed later), `holders` the other tools holding it. */
export function exclusiveGroupViolationMessage(tool: string, group: readonly string[], holders: readonly string[]): string {
  return `Tool ${tool} cannot be executed: exclusive group violation. Group ${groupText(group)} already has executed tools: ${rustDebugList(holders)}`;
}

/** The text of an `OrderingViolation` message before its list of tools already executed (which `]` closes). */
export function orderingViolationHead(tool: string, conditions: readonly string[]): string {
  return `Tool ${tool} violates ordering constraint: must be called before ${rustDebugList(conditions)}, but these were already executed: [`;
}

/** `OrderingViolation`: `already` = the conditions already called. */
export function orderingViolationMessage(tool: string, conditions: readonly string[], already: readonly string[]): string {
  return `${orderingViolationHead(tool, conditions)}${already.map(rustDebugName).join(', ')}]`;
}

/** `StartConstraintsNotMet`: the start tools not yet called, in rule order. */
export function startConstraintsNotMetMessage(tool: string, missing: readonly string[]): string {
  return `Tool ${tool} cannot be executed until start constraints are satisfied. Required: ${rustDebugList(missing)}`;
}


/** `OperationNotAllowed`: the allowed set (not changed later) is listed sorted, joined with `, `. */
export function operationNotAllowedMessage(tool: string, operation: string, allowed: Iterable<string>): string {
  return `Operation '${operation}' not allowed for tool '${tool}'. Allowed operations: ${allowedText(allowed)}`;
}

/** `NotFound`: the declared tools, in declaration order. */
export function notFoundMessage(tool: string, declared: readonly string[]): string {
  return `Tool not found: ${tool}. Available: ${rustDebugList(declared)}`;
}

/** `PermissionDenied`: the consent rule's scope, or `none`. */
export function permissionDeniedMessage(tool: string, scope: string | undefined): string {
  return `Permission denied for tool ${tool} (scope: ${scope ?? 'none'})`;
}

/** `Timeout`: the configured execution timeout in Rust's Duration debug format. */
export function timeoutMessage(tool: string, timeoutMs: number): string {
  return `Tool ${tool} execution timed out after ${rustDurationDebug(timeoutMs)}`;
}

/** `Deduplicated`. */
export function deduplicatedMessage(tool: string): string {
  return `Duplicate call to ${tool} within dedupe window`;
}

/** `RequiredBeforeExit` (decision `exit_blocked`): the pending tools joined with `, `. */
export function requiredBeforeExitMessage(pending: readonly string[]): string {
  return `You must call these tools before ending the conversation: ${pending.join(', ')}`;
}
