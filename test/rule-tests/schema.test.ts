/** The JSON Schema of test files (editor completion) agrees with the zod schema the runner reads with. */
import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { TestFile, testFileJsonSchema } from '../../src/core/tests/index.ts';

const validate = new Ajv({ allErrors: true, strict: false }).compile(testFileJsonSchema());
const examples = readdirSync('examples').filter((f) => f.endsWith('.test.yaml'));

describe('test file JSON Schema', () => {
  it.each(examples)('accepts %s, which the zod schema accepts too', (name) => {
    const value: unknown = parse(readFileSync(`examples/${name}`, 'utf8'));
    expect(TestFile.safeParse(value).success).toBe(true);
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    ['an unknown key in an expectation', { tests: [{ name: 'x', trace: [], expect: [{ step: 1, decison: 'allowed' }] }] }],
    ['an unknown decision kind', { tests: [{ name: 'x', trace: [], expect: [{ step: 1, decision: 'maybe' }] }] }],
    ['step 0', { tests: [{ name: 'x', trace: [], expect: [{ step: 0 }] }] }],
    ['an unknown setting', { settings: { profiel: 'hegel' }, tests: [{ name: 'x', trace: [] }] }],
    ['a bad inline trace step (JSON Schema only: the reader reports it with its line)', { tests: [{ name: 'x', trace: [{ cal: 'a' }] }] }],
    ['no tests', { rules: 'a.toml', tests: [] }],
  ])('rejects %s', (_what, value) => {
    expect(validate(value)).toBe(false);
  });

  it('describes the fields for completion', () => {
    const text = JSON.stringify(testFileJsonSchema());
    expect(text).toContain('The step, 1-based, as the simulator counts them');
    expect(text).toContain('Rules that must fire at least once');
  });
});
