/** Settings text edits for what-if and Learn: only the touched string or array changes. */
import { describe, expect, it } from 'vitest';
import { addAllowRules, learnTarget, replaceRuleAt } from '../../src/core/permissions/claude/settingsEdit.ts';

const file = '{\n  "permissions": {\n    "allow": ["Bash(bd *)", "Read"],\n    "deny": ["WebSearch"]\n  }\n}\n';

describe('replaceRuleAt', () => {
  it('replaces the string at the rule’s position, escaping the new text, nothing else', () => {
    expect(replaceRuleAt(file, 3, 15, 'Bash(echo "hi" *)')).toBe(file.replace('"Bash(bd *)"', '"Bash(echo \\"hi\\" *)"'));
    expect(replaceRuleAt(file, 3, 29, 'Grep')).toBe(file.replace('"Read"', '"Grep"'));
  });
  it('a string with escapes is replaced whole', () => {
    const t = '{"permissions": {"allow": ["Bash(echo \\"x\\")", "Read"]}}';
    expect(replaceRuleAt(t, 1, 28, 'Glob')).toBe('{"permissions": {"allow": ["Glob", "Read"]}}');
  });
  it('no string at the position: undefined (nothing is written)', () => {
    expect(replaceRuleAt(file, 3, 14, 'Glob')).toBeUndefined();
    expect(replaceRuleAt(file, 40, 1, 'Glob')).toBeUndefined();
  });
});

describe('addAllowRules', () => {
  it('a one-line allow array stays on one line', () => {
    expect(addAllowRules(file, ['Glob', 'Bash(mix test *)'])).toBe(file.replace('"Read"]', '"Read", "Glob", "Bash(mix test *)"]'));
  });
  it('one rule a line: one rule a line, comments kept', () => {
    const t = '{\n  "permissions": {\n    "allow": [\n      "A", // why\n      "B"\n    ]\n  }\n}\n';
    expect(addAllowRules(t, ['C'])).toBe('{\n  "permissions": {\n    "allow": [\n      "A", // why\n      "B",\n      "C"\n    ]\n  }\n}\n');
  });
  it('no allow list, or no permissions: made', () => {
    expect(addAllowRules('{"permissions": {"deny": ["X"]}}', ['A'])).toBe('{"permissions": {"deny": ["X"], "allow": ["A"]}}');
    expect(JSON.parse(addAllowRules('{\n  "model": "x"\n}\n', ['A'])!)).toEqual({ model: 'x', permissions: { allow: ['A'] } });
  });
  it('not an object, or allow of another type: undefined', () => {
    expect(addAllowRules('[1]', ['A'])).toBeUndefined();
    expect(addAllowRules('{"permissions": {"allow": "Read"}}', ['A'])).toBeUndefined();
    expect(addAllowRules('{not json', ['A'])).toBeUndefined();
  });
});

describe('learnTarget', () => {
  it('local, else project, else the first', () => {
    expect(learnTarget([{ scope: 'user' }, { scope: 'project' }, { scope: 'local' }])?.scope).toBe('local');
    expect(learnTarget([{ scope: 'user' }, { scope: 'project' }])?.scope).toBe('project');
    expect(learnTarget([{ scope: 'user' }])?.scope).toBe('user');
  });
});
