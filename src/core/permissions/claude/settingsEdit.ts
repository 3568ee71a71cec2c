/**
 * Edits of a Claude Code settings file's text for the studio's what-if and Learn (issue 23): one
 * rule's string replaced where it is written, allow rules appended to `permissions.allow`. Only
 * the touched string or array changes (the JSON patcher VS Code's settings editor uses), so the
 * file keeps its formatting; a text that does not read as a JSON object is left alone (`undefined`).
 */
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { jsonPatcher } from '../../codecs/edit/jsonPatcher.ts';
import type { SettingsInput } from './types.ts';

/** The offset of a 1-based line and column in `text` (`undefined` past its end). */
function offsetOf(text: string, line: number, col: number): number | undefined {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return undefined;
    offset = nl + 1;
  }
  offset += col - 1;
  return offset < text.length ? offset : undefined;
}

/**
 * `text` with the JSON string that starts at `line`:`col` (a rule's position, its opening quote,
 * as `RuleSource` gives it) replaced by `rule`; `undefined` when no string starts there.
 */
export function replaceRuleAt(text: string, line: number, col: number, rule: string): string | undefined {
  const start = offsetOf(text, line, col);
  if (start === undefined || text[start] !== '"') return undefined;
  let end = start + 1;
  while (end < text.length && text[end] !== '"') {
    if (text[end] === '\n') return undefined;
    end += text[end] === '\\' ? 2 : 1;
  }
  if (end >= text.length) return undefined;
  return text.slice(0, start) + JSON.stringify(rule) + text.slice(end + 1);
}

/**
 * `text` with `rules` appended to `permissions.allow` (made when absent), in the file's own
 * layout: an array on one line stays on one line, one rule a line gets one rule a line; comments
 * and the rest of the text stay byte for byte. `undefined` when the text is not a JSON object or
 * `permissions` / `permissions.allow` is of another type.
 */
export function addAllowRules(text: string, rules: readonly string[]): string | undefined {
  if (rules.length === 0) return text;
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!root || errors.length > 0 || root.type !== 'object') return undefined;
  const perms = findNodeAtLocation(root, ['permissions']);
  const lastKey = (node: Node) => node.children?.at(-1)?.children?.[0]?.value as string | undefined;
  if (!perms) return jsonPatcher.insert(text, [], 'permissions', { allow: [...rules] }, lastKey(root));
  if (perms.type !== 'object') return undefined;
  const allow = findNodeAtLocation(perms, ['allow']);
  const quoted = rules.map((r) => JSON.stringify(r));
  const oneLine = (node: Node) => !text.slice(node.offset, node.offset + node.length).includes('\n');
  if (!allow) {
    const lastProp = perms.children?.at(-1);
    if (!lastProp || !oneLine(perms)) return jsonPatcher.insert(text, ['permissions'], 'allow', [...rules], lastKey(perms));
    const at = lastProp.offset + lastProp.length;
    return `${text.slice(0, at)}, "allow": [${quoted.join(', ')}]${text.slice(at)}`;
  }
  if (allow.type !== 'array') return undefined;
  const items = allow.children ?? [];
  const last = items.at(-1);
  if (oneLine(allow)) {
    // One line: `[a, b]` becomes `[a, b, c]`, `[]` becomes `[c]`.
    if (!last) return `${text.slice(0, allow.offset)}[${quoted.join(', ')}]${text.slice(allow.offset + allow.length)}`;
    const at = last.offset + last.length;
    return `${text.slice(0, at)}, ${quoted.join(', ')}${text.slice(at)}`;
  }
  let out: string | undefined = text;
  rules.forEach((rule, i) => {
    out = out === undefined ? undefined : jsonPatcher.insert(out, ['permissions', 'allow'], items.length + i, rule);
  });
  return out;
}

/**
 * The settings file learned rules go to, as `rule-studio learn` says: the local project file,
 * else the shared project file, else the first one given.
 */
export function learnTarget<S extends Pick<SettingsInput, 'scope'>>(settings: readonly S[]): S | undefined {
  return settings.find((s) => s.scope === 'local') ?? settings.find((s) => s.scope === 'project') ?? settings[0];
}
