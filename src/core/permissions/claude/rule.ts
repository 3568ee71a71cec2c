/**
 * Reading one permission rule string (`Tool` or `Tool(specifier)`) into what it matches
 * (permissions page, "Permission rule syntax" and "Tool-specific permission rules").
 */
import { KNOWN_TOOLS, SPECIFIER_TOOLS, canonicalTool } from './tools.ts';
import type { BashForm, ParsedRule, PathAnchor } from './types.ts';

/** Whether `s` holds a `*` not escaped by a backslash. */
export function hasUnescapedStar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '*') return true;
  }
  return false;
}

function bashRule(tool: 'Bash' | 'PowerShell', spec: string): ParsedRule {
  if (spec === '*') return { kind: 'tool', tool };
  const legacy = /^(.+):\*$/.exec(spec);
  if (legacy) return { kind: 'bash', tool, form: 'prefix', pattern: legacy[1] as string };
  const form: BashForm = hasUnescapedStar(spec) ? 'wildcard' : 'exact';
  return { kind: 'bash', tool, form, pattern: spec };
}

function pathRule(tool: 'Read' | 'Edit', spec: string): ParsedRule {
  if (spec === '*' || spec === '**') return { kind: 'tool', tool };
  let anchor: PathAnchor;
  let pattern: string;
  let explicit = true;
  if (spec.startsWith('//')) [anchor, pattern] = ['absolute', spec.slice(2)];
  else if (spec.startsWith('~/')) [anchor, pattern] = ['home', spec.slice(2)];
  else if (spec === '~') [anchor, pattern] = ['home', ''];
  else if (spec.startsWith('/')) [anchor, pattern] = ['root', spec.slice(1)];
  else if (spec.startsWith('./')) [anchor, pattern] = ['cwd', spec.slice(2)];
  else [anchor, pattern, explicit] = ['cwd', spec, false];
  return { kind: 'path', tool, anchor, pattern, explicit };
}

/**
 * Parses a rule. Never throws: a rule Claude Code would never consult comes back `inert`, a
 * string that is not a rule comes back `invalid`, each with the reason.
 */
export function parseRule(text: string): ParsedRule {
  const t = text.trim();
  const open = t.indexOf('(');
  if (open === -1) {
    if (t === '') return { kind: 'invalid', tool: '', why: 'the rule is empty' };
    if (t.includes(')')) return { kind: 'invalid', tool: t, why: 'a `)` without its `(`' };
    return bareRule(t);
  }
  if (!t.endsWith(')')) return { kind: 'invalid', tool: t.slice(0, open), why: 'the specifier is not closed by a final `)`' };
  const tool = t.slice(0, open).trim();
  const spec = t.slice(open + 1, -1);
  if (tool === '') return { kind: 'invalid', tool, why: 'no tool name before `(`' };
  if (spec === '') return { kind: 'invalid', tool, why: 'the specifier between `(` and `)` is empty' };
  if (tool.startsWith('mcp__')) return { kind: 'inert', tool, specifier: spec, why: 'ignored-specifier' };
  if (!KNOWN_TOOLS.has(tool)) return { kind: 'inert', tool, specifier: spec, why: 'unknown-tool' };
  if (!SPECIFIER_TOOLS.has(tool)) {
    if (spec === '*') return { kind: 'tool', tool };
    return { kind: 'inert', tool, specifier: spec, why: 'ignored-specifier' };
  }
  switch (tool) {
    case 'Bash':
    case 'PowerShell':
      return bashRule(tool, spec);
    case 'Read':
    case 'Edit':
      return pathRule(tool, spec);
    case 'WebFetch': {
      if (spec === '*') return { kind: 'tool', tool };
      const m = /^domain:(.+)$/.exec(spec);
      if (!m) return { kind: 'inert', tool, specifier: spec, why: 'ignored-specifier' };
      return { kind: 'domain', tool, domain: (m[1] as string).toLowerCase() };
    }
    case 'Skill': {
      if (spec === '*') return { kind: 'tool', tool };
      const prefix = /(?::\*| \*|\*)$/.exec(spec);
      return prefix ? { kind: 'skill', tool, name: spec.slice(0, prefix.index), prefix: true } : { kind: 'skill', tool, name: spec, prefix: false };
    }
    default: // Agent, Task
      if (spec === '*') return { kind: 'tool', tool: 'Agent' };
      return { kind: 'agent', tool: 'Agent', name: spec };
  }
}

function bareRule(t: string): ParsedRule {
  if (t.startsWith('mcp__')) {
    const rest = t.slice(5);
    const sep = rest.indexOf('__');
    if (sep === -1) return rest === '' ? { kind: 'invalid', tool: t, why: 'no server name after `mcp__`' } : { kind: 'mcp', tool: t, server: rest };
    const server = rest.slice(0, sep);
    const name = rest.slice(sep + 2);
    if (name === '*' || name === '') return { kind: 'mcp', tool: t, server };
    return { kind: 'mcp', tool: t, server, name };
  }
  if (!KNOWN_TOOLS.has(t)) return { kind: 'inert', tool: t, why: 'unknown-tool' };
  return { kind: 'tool', tool: canonicalTool(t) };
}

