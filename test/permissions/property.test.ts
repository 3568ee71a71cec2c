/** `decide` against the independent reference model (reference.ts) on random rules × random calls. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/core/permissions/claude/index.ts';
import { CTX, HOME, ROOT, policy } from './helpers.ts';
import { refDecide } from './reference.ts';
import type { RefMode, RefRules } from './reference.ts';

const WORDS = ['git', 'ls', 'lsof', 'npm', 'rm', 'rmdir', 'status', 'push', 'run', 'runner', 'test', '-la'] as const;
const word = fc.constantFrom(...WORDS);

const bashRule = fc.oneof(
  fc.constant('Bash'),
  fc.constant('Bash(*)'),
  fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => `Bash(${ws.join(' ')})`),
  fc.array(word, { minLength: 1, maxLength: 2 }).map((ws) => `Bash(${ws.join(' ')}:*)`),
  fc.array(word, { minLength: 1, maxLength: 2 }).map((ws) => `Bash(${ws.join(' ')} *)`),
  word.map((w) => `Bash(${w}*)`),
  word.map((w) => `Bash(* ${w})`),
  fc.tuple(word, word).map(([a, b]) => `Bash(${a} * ${b})`),
);

const SEGS = ['src', 'docs', '.env', '*.ts', '**', 'a.ts'] as const;
const seg = fc.constantFrom(...SEGS);
const pathRule = fc
  .tuple(fc.constantFrom('Read', 'Edit'), fc.constantFrom('./', '/', `/${ROOT}/`, '~/', ''), fc.array(seg, { minLength: 1, maxLength: 3 }))
  .map(([t, anchor, segs]) => `${t}(${anchor}${segs.join('/')})`);
const bareTool = fc.constantFrom('Read', 'Edit', 'Write', 'Glob');

const rules = fc.record({
  allow: fc.array(fc.oneof(bashRule, pathRule, bareTool), { maxLength: 4 }),
  ask: fc.array(fc.oneof(bashRule, pathRule), { maxLength: 2 }),
  deny: fc.array(fc.oneof(bashRule, pathRule, bareTool), { maxLength: 2 }),
});

const simple = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' '));
const command = fc
  .tuple(fc.array(simple, { minLength: 1, maxLength: 3 }), fc.array(fc.constantFrom(' && ', ' | ', '; ', ' || '), { minLength: 2, maxLength: 2 }), fc.constantFrom('', 'timeout 5 ', 'nohup '))
  .map(([cmds, ops, wrap]) => wrap + cmds.map((c, i) => (i === 0 ? c : (ops[(i - 1) % 2] as string) + c)).join(''));

const FILE_NAMES = ['a.ts', '.env', 'b.md', 'x.ts'] as const;
const filePath = fc
  .tuple(fc.constantFrom(ROOT, HOME, '/etc', `${ROOT}/src`, `${ROOT}/docs/src`, `${ROOT}/src/deep`), fc.constantFrom(...FILE_NAMES))
  .map(([dir, name]) => `${dir}/${name}`);

const call = fc.oneof(
  command.map((c) => ({ tool: 'Bash', arg: c, input: { command: c } })),
  fc.tuple(fc.constantFrom('Read', 'Edit', 'Write'), filePath).map(([tool, p]) => ({ tool, arg: p, input: { file_path: p } })),
  filePath.map((p) => ({ tool: 'Glob', arg: p.slice(0, p.lastIndexOf('/')), input: { pattern: '*', path: p.slice(0, p.lastIndexOf('/')) } })),
);

const mode = fc.constantFrom<RefMode>('default', 'dontAsk', 'bypassPermissions');

describe('decide agrees with the reference model of the documented semantics', () => {
  it('on 1000 random rule sets × calls × modes', () => {
    fc.assert(
      fc.property(rules, call, mode, (rs: RefRules, c, m) => {
        const got = decide(policy(rs), { name: c.tool, input: c.input }, { ...CTX, mode: m });
        const want = refDecide(rs, c.tool, c.arg, m, { cwd: ROOT, home: HOME });
        expect({ decision: got.decision, list: got.rule?.list }).toEqual({ decision: want.decision, list: want.list });
      }),
      { numRuns: 1000, seed: 20261128 },
    );
  });
});
