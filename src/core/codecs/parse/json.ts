/**
 * JSON parsing for rule files. `JSON.parse` decides the value and what is a syntax error (strict
 * JSON); positions of keys and values come from reading the same text with the YAML parser
 * (JSON is YAML 1.2 flow syntax), for texts up to {@link MAX_JSON_LOCATE_CHARS}.
 */
import type { Position } from '../../diagnostics/types.ts';
import { positionAt } from '../../text/minimalReplacement.ts';
import type { ParsedDoc, SyntaxProblem } from '../types.ts';
import { flowTooDeep, locatorFor, parseYamlSource, thrownMessage } from './yaml.ts';
import { duplicateJsonKeys } from './jsonDuplicateKeys.ts';

/** Above this size `locate` gives up (returns undefined) rather than parse the text twice. */
export const MAX_JSON_LOCATE_CHARS = 5 * 1024 * 1024;

/** Offset just past a JSON string starting at `i` (a `"`), or the offset of its first error. */
function scanString(t: string, i: number): { end: number; ok: boolean } {
  let j = i + 1;
  while (j < t.length) {
    const c = t.charCodeAt(j);
    if (c === 0x22) return { end: j + 1, ok: true };
    if (c < 0x20) return { end: j, ok: false };
    if (c === 0x5c) {
      const e = t.charAt(j + 1);
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(t.slice(j + 2, j + 6))) return { end: j, ok: false };
        j += 6;
      } else if ('"\\/bfnrt'.includes(e) && e !== '') j += 2;
      else return { end: j, ok: false };
    } else j++;
  }
  return { end: t.length, ok: false };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The offset of the first syntax error in `t`, or -1 when it is valid JSON. Used when the
 * engine's message carries no position. Iterative: nesting depth costs no stack.
 */
export function firstJsonErrorOffset(t: string): number {
  const closers: string[] = [];
  let expect: 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'after' = 'value';
  let i = 0;
  for (;;) {
    while (i < t.length && ' \t\n\r'.includes(t.charAt(i))) i++;
    if (i >= t.length) return expect === 'after' && closers.length === 0 ? -1 : i;
    const c = t.charAt(i);
    if ((expect === 'valueOrClose' && c === ']') || (expect === 'keyOrClose' && c === '}')) {
      closers.pop();
      i++;
      expect = 'after';
    } else if (expect === 'value' || expect === 'valueOrClose') {
      if (c === '{' || c === '[') {
        closers.push(c === '{' ? '}' : ']');
        expect = c === '{' ? 'keyOrClose' : 'valueOrClose';
        i++;
        continue;
      }
      if (c === '"') {
        const s = scanString(t, i);
        if (!s.ok) return s.end;
        i = s.end;
      } else {
        NUMBER.lastIndex = i;
        const literal = ['true', 'false', 'null'].find((w) => w.charAt(0) === c);
        if (literal !== undefined) {
          let k = 0;
          while (k < literal.length && t.charAt(i + k) === literal.charAt(k)) k++;
          if (k < literal.length) return i + k;
          i += k;
        } else if (NUMBER.test(t)) i = NUMBER.lastIndex;
        else return i;
      }
      expect = 'after';
    } else if (expect === 'key' || expect === 'keyOrClose') {
      if (c !== '"') return i;
      const s = scanString(t, i);
      if (!s.ok) return s.end;
      i = s.end;
      expect = 'colon';
    } else if (expect === 'colon') {
      if (c !== ':') return i;
      i++;
      expect = 'value';
    } else {
      const top = closers[closers.length - 1];
      if (top === undefined) return i;
      if (c === ',') expect = top === '}' ? 'key' : 'value';
      else if (c === top) closers.pop();
      else return i;
      i++;
    }
  }
}

/** Turns a `JSON.parse` error into a positioned problem (V8's "line L column C" or "position N"). */
function jsonProblem(text: string, e: unknown): SyntaxProblem {
  const raw = thrownMessage(e);
  const lc = /line (\d+) column (\d+)/.exec(raw);
  const pos = /at position (\d+)/.exec(raw);
  let start: Position;
  if (lc) start = { line: Number(lc[1]), column: Number(lc[2]) };
  else if (pos) start = positionAt(text, Number(pos[1]));
  else {
    const offset = firstJsonErrorOffset(text);
    start = positionAt(text, offset === -1 ? text.length : offset);
  }
  const message = raw.replace(/ (?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?/, '');
  return { message, range: { start, end: start } };
}

/**
 * Parses JSON text. Never throws: a syntax error (F001) comes back in `errors` with its 1-based
 * position and `value` undefined; duplicate object keys come back in `duplicateKeys` beside the
 * value (which holds the last of them), for the loader to refuse or warn. `locate` gives exact ranges for texts up to
 * {@link MAX_JSON_LOCATE_CHARS}, and undefined above.
 */
export function parseJson(text: string): ParsedDoc {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { format: 'json', value: undefined, locate: () => undefined, errors: [jsonProblem(text, e)] };
  }
  const duplicates = duplicateJsonKeys(text);
  // Positions come from the YAML parser (built on the first question, so a file nobody asks
  // positions of never pays for it), which must not be given nesting it cannot survive.
  let locator: ParsedDoc['locate'] | undefined;
  const locate: ParsedDoc['locate'] = (path, part) => {
    if (!locator) {
      locator = () => undefined;
      if (text.length <= MAX_JSON_LOCATE_CHARS && !flowTooDeep(text)) {
        try {
          locator = locatorFor(parseYamlSource(text));
        } catch {
          // Positions are a convenience: without them diagnostics fall back to the file start.
        }
      }
    }
    return locator(path, part);
  };
  return { format: 'json', value, locate, errors: [], ...(duplicates.length > 0 ? { duplicateKeys: duplicates } : {}) };
}
