/**
 * How a Letta conditional rule matches a tool's output against its `child_output_mapping` keys:
 * `ConditionalToolRule._matches_key` and the `message` it reads from the packaged response
 * (`letta/schemas/tool_rule.py` at `56ba9c25`). Written from that source, not copied.
 */

/** A mapping key as Letta holds it: rules read from JSON (`.af`, the API) always have strings. */
export type LettaOutputKey = string | number | boolean;

/** Python's `int(s)` on a string: optional sign, digits with single `_` between, surrounding whitespace. */
function pythonInt(s: string): number | undefined {
  const t = s.trim();
  if (!/^[+-]?\d+(?:_\d+)*$/.test(t)) return undefined;
  return Number(t.replace(/_/g, ''));
}

/** Python's `float(s)` on a string (decimal and exponent forms, `inf`, `infinity`, `nan`). */
function pythonFloat(s: string): number | undefined {
  const t = s.trim().toLowerCase();
  const special = /^([+-]?)(inf|infinity|nan)$/.exec(t);
  if (special) return special[2] === 'nan' ? Number.NaN : special[1] === '-' ? -Infinity : Infinity;
  if (!/^[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:e[+-]?\d+(?:_\d+)*)?$/.test(t)) return undefined;
  return Number(t.replace(/_/g, ''));
}

/**
 * `_matches_key(function_output, key)`: a boolean key matches `true`/`false` in any case, an
 * integer key an output that reads as that integer (`int()`), a float key one that reads as that
 * number (`float()`), and a string key only the identical string.
 */
export function matchesLettaKey(output: string, key: LettaOutputKey): boolean {
  if (typeof key === 'boolean') return output.toLowerCase() === (key ? 'true' : 'false');
  if (typeof key === 'number') {
    const n = Number.isInteger(key) ? pythonInt(output) : pythonFloat(output);
    return n !== undefined && n === key;
  }
  return output === key;
}

/** Python's `str()` of a JSON value as `json.loads` gives it (for a `message` that is not a string). */
function pythonStr(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return JSON.stringify(v);
}

/**
 * The `message` of a packaged tool response (`{"status": …, "message": …, "time": …}`), or
 * `undefined` when the response is not a JSON object (Letta then falls back to the rule's default).
 */
export function responseMessage(response: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const message = (parsed as Record<string, unknown>).message;
  return message === undefined ? '' : pythonStr(message);
}

/**
 * The response Letta's loop records after a call (`package_function_response`): status `OK` or
 * `Failed` and the tool's return as `message` (the time Letta adds is left out: no rule reads it).
 */
export function packageResponse(ok: boolean, message: string): string {
  return JSON.stringify({ status: ok ? 'OK' : 'Failed', message });
}
