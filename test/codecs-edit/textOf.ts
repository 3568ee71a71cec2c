/**
 * Test helpers for in-place edits: agents written the way people write files by hand — comment
 * lines, trailing comments, blank lines, keys in an odd order, other indentation — and the lines
 * two texts differ in.
 */
import { stringify as yamlStringify } from 'yaml';
import type { Agent } from '../../src/core/model/toolRules.ts';
import { configAgent } from '../../src/core/codecs/write/agentsConfig.ts';
import { runtimeAgentShape } from '../../src/core/codecs/write/agentsJson.ts';
import { writeAgentsToml } from '../../src/core/codecs/write/agentsToml.ts';

/** A stream of small numbers (from fast-check) consumed in turn, cycling. */
export class Dice {
  private i = 0;
  constructor(private readonly rolls: readonly number[]) {}
  /** A number in [0, n). */
  next(n: number): number {
    const r = this.rolls[this.i++ % Math.max(1, this.rolls.length)] ?? 0;
    return r % n;
  }
  chance(percent: number): boolean {
    return this.next(100) < percent;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.next(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

let commentCounter = 0;
const comment = () => `note ${++commentCounter}`;

/** Every object's keys in a shuffled order (arrays keep theirs). */
export function shuffledKeys(v: unknown, dice: Dice): unknown {
  if (Array.isArray(v)) return v.map((x) => shuffledKeys(x, dice));
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(dice.shuffle(Object.entries(v)).map(([k, x]) => [k, shuffledKeys(x, dice)]));
}

/** TOML as export writes it, then: keys shuffled within each table, comments and blank lines sprinkled in. */
export function handWrittenToml(agent: Agent, dice: Dice): string {
  const blocks = writeAgentsToml([agent]).text.trimEnd().split('\n\n');
  const out: string[] = [];
  for (const block of blocks) {
    const [header, ...members] = block.split('\n');
    if (dice.chance(40)) out.push(`# ${comment()}`);
    out.push(header ?? '');
    for (const line of dice.shuffle(members)) {
      if (dice.chance(20)) out.push(`${dice.chance(50) ? '  ' : ''}# ${comment()}`);
      out.push(dice.chance(25) ? `${line}  # ${comment()}` : line);
      if (dice.chance(10)) out.push('');
    }
    out.push('');
    if (dice.chance(30)) out.push('');
  }
  return out.join('\n');
}

/** YAML of the config form with keys shuffled, comment lines (indented like the next line), trailing comments and blank lines. */
export function handWrittenYaml(agent: Agent, dice: Dice): string {
  const text = yamlStringify({ agents: [shuffledKeys(configAgent(agent, []), dice)] }, { lineWidth: 0, indentSeq: dice.chance(50) });
  const out: string[] = [`# ${comment()}`];
  for (const line of text.trimEnd().split('\n')) {
    const indent = /^ */.exec(line)?.[0] ?? '';
    if (dice.chance(20)) out.push(`${indent}# ${comment()}`);
    if (dice.chance(10)) out.push('');
    out.push(dice.chance(20) && !/[|>][-+]?$/.test(line) ? `${line}  # ${comment()}` : line);
  }
  return out.join('\n') + '\n';
}

/** JSON in Pattern's runtime or config form, keys shuffled, indented by 2, 4 or a tab. */
export function handWrittenJson(agent: Agent, dice: Dice): string {
  const shape = dice.chance(50) ? runtimeAgentShape(agent) : configAgent(agent, []);
  const indent = [2, 4, '\t'][dice.next(3)] as number | string;
  return JSON.stringify({ agents: [shuffledKeys(shape, dice)] }, null, indent) + '\n';
}

/**
 * True when `after` keeps every line of `before` outside the 0-based lines [from, to): it starts
 * with the lines before `from` and ends with the lines from `to` on (without overlapping).
 */
export function keepsLinesOutside(before: string, after: string, from: number, to: number): boolean {
  const a = before.split('\n');
  const b = after.split('\n');
  const head = a.slice(0, Math.max(0, from));
  const tail = a.slice(Math.min(a.length, Math.max(to, from)));
  if (head.length + tail.length > b.length) return false;
  return head.every((l, i) => b[i] === l) && tail.every((l, i) => b[b.length - tail.length + i] === l);
}

/** The comments of a text (`# …` to the end of the line), for texts whose strings hold no `#`. */
export function commentsOf(text: string): string[] {
  return text.split('\n').flatMap((line) => {
    const at = line.indexOf('# note');
    return at >= 0 ? [line.slice(at)] : [];
  });
}

/** A workflow's hegel-form YAML or JSON written by hand: keys (not node order) shuffled, comments, blank lines, indentation. */
export function handWrittenWorkflow(shape: unknown, format: 'yaml' | 'json', dice: Dice): string {
  const shuffleExceptNodes = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => shuffleExceptNodes(x));
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v).map(([k, x]) => [k, shuffleExceptNodes(x, k)] as const);
    return Object.fromEntries(key === 'nodes' ? entries : dice.shuffle(entries));
  };
  const value = shuffleExceptNodes(shape);
  if (format === 'json') return JSON.stringify(value, null, [2, 4, '\t'][dice.next(3)] as number | string) + '\n';
  const text = yamlStringify(value, { lineWidth: 0, indentSeq: dice.chance(50) });
  const out: string[] = [`# ${comment()}`];
  for (const line of text.trimEnd().split('\n')) {
    const indent = /^ */.exec(line)?.[0] ?? '';
    if (dice.chance(20)) out.push(`${indent}# ${comment()}`);
    if (dice.chance(10)) out.push('');
    out.push(dice.chance(20) && !/[|>][-+]?$/.test(line) ? `${line}  # ${comment()}` : line);
  }
  return out.join('\n') + '\n';
}
