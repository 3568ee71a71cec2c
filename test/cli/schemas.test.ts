/**
 * The JSON Schemas published in schemas/ (for editors: Even Better TOML, the YAML extension) are
 * exactly what the zod schemas give, and they accept the project's example files and reject
 * broken ones, as an editor using them would.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { publishedSchemas, schemaText } from '../../scripts/schemas.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
const schema = (file: string) => JSON.parse(readFileSync(join('schemas', file), 'utf8')) as object;
const agent = ajv.compile(schema('agent.schema.json'));
const workflow = ajv.compile(schema('workflow.schema.json'));
const scripted = ajv.compile(schema('scripted-trace.schema.json'));
const testFile = ajv.compile(schema('test.schema.json'));

describe('published JSON Schemas', () => {
  it.each(Object.entries(publishedSchemas()))('schemas/%s is up to date with the zod schema (npm run schemas)', (file, derived) => {
    expect(readFileSync(join('schemas', file), 'utf8')).toBe(schemaText(derived));
  });

  it('the agent schema accepts every example agent file and the project copies of the docs forms Pattern loads', () => {
    const files = readdirSync('examples').filter((f) => f.endsWith('.toml'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(agent(parseToml(readFileSync(join('examples', f), 'utf8'))), `${f}: ${ajv.errorsText(agent.errors)}`).toBe(true);
  });

  it('the agent schema rejects what Pattern would reject', () => {
    expect(agent({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: { type: 'MaxCalls' } }] }] })).toBe(false);
    expect(agent({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: { type: 'Bogus' } }] }] })).toBe(false);
    expect(agent({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: { type: 'ExitLoop' }, priority: 256 }] }] })).toBe(false);
    expect(agent({ name: 'a', tool_rules: [{ rule_type: { type: 'ExitLoop' } }] })).toBe(false);
    expect(agent({ name: 'a', model: 'kept', tool_rules: [{ tool_name: 'x', rule_type: { type: 'Cooldown', value: 30 } }] })).toBe(true);
  });

  it('the agent schema accepts max_calls and the other snake_case type names, which check reads (F010 info)', () => {
    const file = (type: string, value?: number) => ({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: value === undefined ? { type } : { type, value } }] }] });
    expect(agent(file('max_calls', 3)), ajv.errorsText(agent.errors)).toBe(true);
    expect(agent(file('requires_preceding_tools'))).toBe(true);
    expect(agent(file('exit_loop'))).toBe(true);
    expect(agent(file('max_calls'))).toBe(false); // still needs its value
  });

  it('a misspelt rule type gets one message, at `type`, listing the names (no oneOf noise)', () => {
    expect(agent({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: { type: 'MaxCall', value: 3 } }] }] })).toBe(false);
    expect(agent.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([['/agents/0/tool_rules/0/rule_type/type', 'enum']]);
    expect((agent.errors?.[0]?.params as { allowedValues: string[] }).allowedValues).toEqual(expect.arrayContaining(['MaxCalls', 'max_calls', 'Cooldown']));
  });

  it('a wrong field of a rule type is named at that field (the if/then around it aside)', () => {
    expect(agent({ agents: [{ name: 'a', tool_rules: [{ tool_name: 'x', rule_type: { type: 'MaxCalls', value: 'three' } }] }] })).toBe(false);
    expect(agent.errors?.filter((e) => e.keyword !== 'if').map((e) => [e.instancePath, e.keyword])).toEqual([['/agents/0/tool_rules/0/rule_type/value', 'type']]);
    expect(agent({ tool_rules: [{ tool_name: 'x', rule_type: { type: 'Cooldown' } }], name: 'a' })).toBe(false);
    expect(agent.errors?.filter((e) => e.keyword !== 'if').map((e) => [e.instancePath, e.keyword, e.params])).toEqual([['/tool_rules/0/rule_type', 'required', { missingProperty: 'value' }]]);
  });

  it('a workflow rule: a misspelt type is one message at `type`, a missing field one at the rule', () => {
    const wf = (rule: object) => ({ mode: 'm', start_node: 'a', nodes: { a: { transitions: [{ when: 'x', to: 'done' }], rules: [rule] } } });
    expect(workflow(wf({ type: 'token_budgets', max_tokens: 5 }))).toBe(false);
    expect(workflow.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([['/nodes/a/rules/0/type', 'enum']]);
    expect(workflow(wf({ type: 'token_budget', max_token: 5 }))).toBe(false);
    expect(workflow.errors?.filter((e) => e.keyword !== 'if').map((e) => [e.instancePath, e.keyword, e.params])).toEqual([['/nodes/a/rules/0', 'required', { missingProperty: 'max_tokens' }]]);
  });

  it('the workflow schema accepts the hegel examples and rejects a rule without its fields', () => {
    for (const f of readdirSync('examples').filter((x) => /^hegel-[\w-]+\.yaml$/.test(x)))
      expect(workflow(parseYaml(readFileSync(join('examples', f), 'utf8'))), `${f}: ${ajv.errorsText(workflow.errors)}`).toBe(true);
    expect(workflow({ mode: 'm', start_node: 'a', nodes: { a: { transitions: [{ when: 'x', to: 'done' }], rules: [{ type: 'phase_timeout' }] } } })).toBe(false);
  });

  it('the scripted-trace schema accepts the example traces and rejects a step with no action', () => {
    const dir = join('examples', 'traces');
    // The scripted traces (YAML); the folder also holds a recorded Claude Code transcript (JSONL).
    const yamls = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
    expect(yamls.length).toBeGreaterThan(0);
    for (const f of yamls) expect(scripted(parseYaml(readFileSync(join(dir, f), 'utf8'))), `${f}: ${ajv.errorsText(scripted.errors)}`).toBe(true);
    expect(scripted({ start: '2025-01-01T00:00:00Z', steps: [{ after: '1s' }] })).toBe(false);
  });

  it('the test-file schema accepts the example *.test.yaml files and rejects a test without a trace', () => {
    for (const f of readdirSync('examples').filter((x) => x.endsWith('.test.yaml')))
      expect(testFile(parseYaml(readFileSync(join('examples', f), 'utf8'))), `${f}: ${ajv.errorsText(testFile.errors)}`).toBe(true);
    expect(testFile({ rules: 'a.toml', tests: [{ name: 'no trace' }] })).toBe(false);
    expect(testFile({ rules: 'a.toml', tests: [{ name: 't', trace: 't.jsonl', unknown: 1 }] })).toBe(false);
  });
});

/**
 * The README's editor set-up, checked as Taplo (Even Better TOML) documents its directive
 * (taplo.tamasfe.dev/configuration/directives: `#:schema <path>` in the header, only comments
 * before it, relative paths relative to the document) and as the YAML extension reads its modeline.
 */
describe("the README's schema directives", () => {
  const readme = readFileSync('README.md', 'utf8');
  const directives = [...readme.matchAll(/`#:schema (\S+)`/g)].map((m) => m[1] as string);
  const modelines = [...readme.matchAll(/`# yaml-language-server: \$schema=(\S+)`/g)].map((m) => m[1] as string);

  it('name files the package ships, by paths relative to where the README says the file is', () => {
    expect(directives).toEqual(['./node_modules/rule-studio/schemas/agent.schema.json', '../node_modules/rule-studio/schemas/agent.schema.json']);
    const shipped = (JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] }).files;
    expect(shipped).toContain('schemas');
    for (const p of [...directives, ...modelines]) {
      const inPackage = /node_modules\/rule-studio\/(schemas\/[\w.-]+\.json)$/.exec(p)?.[1];
      expect(inPackage, p).toBeDefined();
      expect(() => readFileSync(inPackage as string), p).not.toThrow();
    }
    // the root file says ./, the file in agents/ says ../: both reach <project>/node_modules
    expect(join('.', directives[0] as string)).toBe(join('agents', directives[1] as string));
    // so do the YAML modelines: at the root ./, in workflows/ ../
    expect(modelines.slice(0, 2)).toEqual(['./node_modules/rule-studio/schemas/workflow.schema.json', '../node_modules/rule-studio/schemas/workflow.schema.json']);
    expect(join('.', modelines[0] as string)).toBe(join('workflows', modelines[1] as string));
  });

  it('a file that starts with the directive reads, validates and checks cleanly: to TOML it is a comment', async () => {
    const text = `#:schema ${directives[0] ?? ''}\n${readFileSync(join('examples', 'api-client.toml'), 'utf8')}`;
    expect(agent(parseToml(text)), ajv.errorsText(agent.errors)).toBe(true);
    const { runCli } = await import('./harness.ts');
    const r = await runCli(['check', 'agent.toml'], { 'agent.toml': text });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
});
