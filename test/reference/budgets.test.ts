/** docs/reference/budgets.md lists every budget with the value the code uses (issue 29). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_VALUES, MAX_RULE_FILE_BYTES } from '../../src/core/codecs/load.ts';
import { MAX_WRITE_DEPTH, MAX_WRITE_VALUES } from '../../src/core/codecs/write.ts';
import { MAX_ALIAS_COUNT, MAX_YAML_CHARS, MAX_YAML_FLOW_DEPTH } from '../../src/core/codecs/parse/yaml.ts';
import { MAX_RECORDED_PATH } from '../../src/core/codecs/parse/tomlPositions.ts';
import { MAX_TEST_FILE_CHARS } from '../../src/core/tests/parse.ts';
import { MAX_LINE_CHARS, MAX_RECORDED_LINE_CHARS } from '../../src/core/traces/lineReader.ts';
import { MAX_SCRIPTED_EVENTS } from '../../src/core/traces/scripted.ts';
import { MAX_REPEAT } from '../../src/core/traces/scriptedSteps.ts';
import { SIZE_LIMIT } from '../../src/core/regex/program.ts';
import { DEFAULT_MAX_STATES } from '../../src/core/verify/limits.ts';
import { MAX_FILE_BYTES } from '../../src/cli/io.ts';

const doc = readFileSync('docs/reference/budgets.md', 'utf8');
const n = (v: number) => v.toLocaleString('en-US');
const mib = (v: number) => `${v / 1048576} MiB`;

describe('docs/reference/budgets.md', () => {
  it.each([
    ['CLI whole-file read', mib(MAX_FILE_BYTES)],
    ['rule file', mib(MAX_RULE_FILE_BYTES)],
    ['YAML characters', n(MAX_YAML_CHARS)],
    ['document depth', `${MAX_DOCUMENT_DEPTH} levels`],
    ['document values', n(MAX_DOCUMENT_VALUES)],
    ['aliases', `| ${n(MAX_ALIAS_COUNT)} |`],
    ['YAML flow depth', `${n(MAX_YAML_FLOW_DEPTH)} levels`],
    ['TOML located path', `| ${MAX_RECORDED_PATH} |`],
    ['test file', mib(MAX_TEST_FILE_CHARS)],
    ['write depth', `${n(MAX_WRITE_DEPTH)} levels`],
    ['write values', n(MAX_WRITE_VALUES)],
    ['canonical line', `${n(MAX_LINE_CHARS)} characters`],
    ['recorded line', `${n(MAX_RECORDED_LINE_CHARS)} characters`],
    ['scripted events', n(MAX_SCRIPTED_EVENTS)],
    ['repeat', n(MAX_REPEAT)],
    ['regex size_limit', `${n(SIZE_LIMIT)} bytes`],
    ['verify states', n(DEFAULT_MAX_STATES)],
  ])('lists %s as %s', (_name, text) => {
    expect(doc).toContain(text);
  });
});
