/**
 * Import: what a dropped, picked or pasted text becomes, and that refusals change nothing.
 * Also the export file names and the gallery's one-line descriptions.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImport, MAX_IMPORT_BYTES } from '../../src/app/persistence/importReading.ts';
import { applyImport } from '../../src/app/persistence/importApply.ts';
import { exportFileName, projectFileName } from '../../src/app/persistence/exportNames.ts';
import { bundleOfProject } from '../../src/app/persistence/projectBundle.ts';
import { leadingSentence } from '../../src/app/dialogs/exampleInfo.ts';
import { createStudioStore } from '../../src/app/state/store.ts';
import { encodeBundle } from '../../src/core/project/bundle.ts';

const ETL = readFileSync('examples/etl-pipeline.toml', 'utf8');
const EXEC = readFileSync('examples/hegel-execution.yaml', 'utf8');

describe('reading an import', () => {
  it('reads a rule file by its name and keeps its text', () => {
    const r = readImport('etl-pipeline.toml', ETL);
    expect(r.kind === 'docs' && r.docs.map((d) => [d.kind, d.fileName, d.text === ETL])).toEqual([['agent', 'etl-pipeline.toml', true]]);
  });

  it('sniffs pasted TOML, YAML and JSON and names documents after what they hold', () => {
    const toml = readImport(undefined, ETL);
    expect(toml.kind === 'docs' && toml.docs.map((d) => d.fileName)).toEqual(['etl.toml']);
    const yaml = readImport(undefined, EXEC);
    expect(yaml.kind === 'docs' && yaml.docs.map((d) => [d.kind, d.fileName])).toEqual([['workflow', 'workflow.yaml']]);
    const json = readImport(undefined, JSON.stringify({ agents: [{ name: 'j', tools: ['a'] }] }));
    expect(json.kind === 'docs' && json.docs.map((d) => [d.kind, d.fileName])).toEqual([['agent', 'j.toml']]);
  });

  it('names and reads a pasted permission policy as its dialect: Claude Code settings, Codex rules, a Gemini CLI policy', () => {
    const cases: [string, string, string][] = [
      ['{"permissions":{"allow":["Bash(npm run test:*)"],"deny":["Bash(rm:*)"]}}', 'settings.json', 'claude'],
      [readFileSync('examples/codex-default.rules', 'utf8'), 'default.rules', 'codex'],
      [readFileSync('examples/gemini-policies/user/dev.toml', 'utf8'), 'policy.toml', 'gemini'],
    ];
    for (const [text, name, family] of cases) {
      const r = readImport(undefined, text);
      if (r.kind !== 'docs') throw new Error(`${name}: ${r.kind === 'refused' ? r.message : r.kind}`);
      const doc = r.docs[0];
      expect([r.docs.length, doc?.fileName, doc?.kind === 'agent' ? doc.agent.family : undefined, doc?.text === text]).toEqual([1, name, family, true]);
      // the rules carry the document's name, so Source, Policy and tests agree on it
      const held = doc?.kind === 'agent' ? [...(doc.agent.claudeSettings ?? []), ...(doc.agent.codexRules ?? []), ...(doc.agent.geminiPolicies ?? [])] : [];
      expect(held.map((f) => f.path)).toEqual([name]);
    }
  });

  it('recognises a pasted or dropped project bundle', () => {
    const store = createStudioStore();
    store.getState().importFile('etl-pipeline.toml', ETL);
    const b = encodeBundle(bundleOfProject(store.getState().project));
    if (!b.ok) throw new Error(b.message);
    for (const name of [undefined, 'p.rulestudio.json', '673719d3-857c-4969']) {
      const r = readImport(name, b.text);
      expect(r.kind === 'bundle' && r.bundle.docs[0]?.text).toBe(ETL);
    }
  });

  it.each([
    // (a pasted rule file cut short opens to be fixed, see brokenImport.test.ts; text with no mark of one is refused)
    ['a pasted malformed TOML text that is no rule file', undefined, 'name = "x\n', /^Could not import the pasted text: TOML syntax error: .* \(line 1\)\. Nothing was changed\.$/s],
    ['an empty paste', undefined, '  \n', /is empty/],
    ['binary data', 'x.toml', '\u0000\u0001\u0002PNG', /binary, not TOML, YAML or JSON/],
    ['a future bundle', 'p.json', JSON.stringify({ schemaVersion: 7, name: 'p', docs: [] }), /newer Rule Studio \(schema 7; this one reads up to 2\)/],
    ['a damaged bundle', 'p.json', JSON.stringify({ schemaVersion: 1, name: 'p', docs: [{ kind: 'agent' }] }), /docs\[0\]\.id:/],
    ['a YAML file that holds no workflow', 'x.yaml', 'just: text', /Could not import x\.yaml/],
  ])('refuses %s with a clear message', (_what, name, text, message) => {
    const r = readImport(name, text);
    expect(r.kind).toBe('refused');
    expect(r.kind === 'refused' && r.message).toMatch(message);
  });

  it('refuses more than 10 MB before reading it', () => {
    const big = 'x'.repeat(MAX_IMPORT_BYTES + 1);
    const r = readImport(undefined, big);
    expect(r).toEqual({ kind: 'refused', message: 'The pasted text is too large to import (10.0 MB; the limit is 10.0 MB). Nothing was changed.' });
  });
});

describe('applying an import', () => {
  it('adds documents as one undo step', () => {
    const store = createStudioStore();
    expect(applyImport(store, readImport('etl-pipeline.toml', ETL))).toBe(true);
    expect(store.getState().project.docs).toHaveLength(1);
    store.getState().undo();
    expect(store.getState().project.docs).toHaveLength(0);
  });

  it('names a Codex rollout log and a Gemini CLI session log for what they are, and where they are read', () => {
    const store = createStudioStore();
    for (const [file, what] of [
      ['examples/traces/codex-session.jsonl', 'Codex session log'],
      ['test/gemini/data/session-2026-08-21T10-00-demo.jsonl', 'Gemini CLI session log'],
    ] as const) {
      const name = file.split('/').pop()!;
      expect(applyImport(store, readImport(name, readFileSync(file, 'utf8')))).toBe(true);
      expect(store.getState().notices.at(-1)?.text).toBe(`Added ${name} (${what}) to the project's traces; the Policy view counts the calls it recorded.`);
    }
    // A trace for the simulator is still announced as the simulator's.
    applyImport(store, readImport('run.jsonl', '{"type":"tool_call","time":"2026-01-01T00:00:00Z","tool":"a"}\n'));
    expect(store.getState().notices.at(-1)?.text).not.toMatch(/session log/);
  });

  it('changes nothing but a notice when refused', () => {
    const store = createStudioStore();
    store.getState().importFile('etl-pipeline.toml', ETL);
    const before = store.getState().project;
    expect(applyImport(store, readImport('bad.toml', '\u0000\u0001binary'))).toBe(false);
    expect(store.getState().project).toBe(before);
    expect(store.getState().notices.map((n) => n.kind)).toEqual(['error']);
  });

  it('opens a bundle as a new project with a new id, keeping markup-like names as plain data', () => {
    const store = createStudioStore();
    store.getState().importFile('x.toml', `[[agents]]\nname = "<img src=x onerror=alert(1)>"\ntools = ["<b>t</b>"]\n`);
    store.getState().renameProject('<script>alert(1)</script>');
    const old = store.getState().project;
    const b = encodeBundle(bundleOfProject(old));
    if (!b.ok) throw new Error(b.message);
    applyImport(store, readImport('p.json', b.text));
    const now = store.getState().project;
    expect(now.id).not.toBe(old.id);
    expect(now.name).toBe('<script>alert(1)</script>');
    expect(now.docs.map((d) => d.kind === 'agent' && d.agent.name)).toEqual(['<img src=x onerror=alert(1)>']);
    expect(store.getState().notices.at(-1)?.text).toMatch(/is still saved/);
  });
});

describe('names and descriptions', () => {
  it('exports a document under its own format, else agents as TOML and workflows as YAML', () => {
    expect(exportFileName({ kind: 'agent', fileName: 'etl.toml' })).toBe('etl.toml');
    // A JSON agent document keeps its JSON text (issue 9: the file's own form).
    expect(exportFileName({ kind: 'agent', fileName: 'etl.json' })).toBe('etl.json');
    expect(exportFileName({ kind: 'agent', fileName: 'etl' })).toBe('etl.toml');
    expect(exportFileName({ kind: 'workflow', fileName: 'exec.yml' })).toBe('exec.yml');
    expect(exportFileName({ kind: 'workflow', fileName: 'exec' })).toBe('exec.yaml');
    expect(projectFileName('My ETL / project')).toBe('my-etl-project.rulestudio.json');
    expect(projectFileName('<>')).toBe('project.rulestudio.json');
  });

  it('describes an example by the first sentence of its leading comment', () => {
    expect(leadingSentence(readFileSync('examples/api-client.toml', 'utf8'))).toBe(
      'API client: authenticate first, rate-limit calls, never create and delete in one batch, and log out before the conversation ends.',
    );
    expect(leadingSentence('name = "x"')).toBe('');
  });
});

describe('rule-set test files', () => {
  it('a *.test.yaml file is read as a test of the project, not as a workflow or a trace', () => {
    const text = readFileSync('examples/etl-pipeline.test.yaml', 'utf8');
    expect(readImport('etl-pipeline.test.yaml', text)).toEqual({ kind: 'test', name: 'etl-pipeline.test.yaml', text, source: 'etl-pipeline.test.yaml' });
    expect(readImport('x.test.yml', '\u0000\u0001binary')).toMatchObject({ kind: 'refused' });
  });
});
