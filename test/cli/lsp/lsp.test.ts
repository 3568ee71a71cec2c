/**
 * `rule-studio lsp` with a real LSP client over stdio (vscode-jsonrpc's stream reader/writer):
 * initialize, open a TOML agent with a cycle and a workflow YAML with a dangling transition, get
 * T001 and W001 at their ranges, a hover, completions, a quick fix, go-to-definition; then
 * shutdown and exit.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  Hover,
  Location,
  TextEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialize, startClient, type LspClient } from './client.ts';

const applyEdits = (text: string, edits: TextEdit[]) =>
  TextDocument.applyEdits(TextDocument.create('file:///x', 'toml', 1, text), edits);

const dataDir = resolve('test/cli/lsp/data');
const uriOf = (name: string) => pathToFileURL(join(dataDir, name)).href;
const TOML = uriOf('cycle.toml');
const YAML = uriOf('dangling.yaml');
const textOf = (name: string) => readFileSync(join(dataDir, name), 'utf8');
const has = (code: string) => (p: { diagnostics: Diagnostic[] }) =>
  p.diagnostics.some((d) => d.code === code);

let client: LspClient;
let capabilities: Record<string, unknown>;

beforeAll(async () => {
  client = startClient(process.execPath, ['--import', 'tsx', 'src/cli/entry.ts', 'lsp', '--stdio']);
  ({ capabilities } = await initialize(client, pathToFileURL(dataDir).href));
  for (const [uri, languageId, name] of [
    [TOML, 'toml', 'cycle.toml'],
    [YAML, 'yaml', 'dangling.yaml'],
  ] as const)
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text: textOf(name) },
    });
}, 20_000);

afterAll(async () => {
  if (client && client.child.exitCode === null) client.child.kill();
});

describe('rule-studio lsp over stdio', () => {
  it('announces its features on initialize', () => {
    expect(capabilities).toMatchObject({
      hoverProvider: true,
      definitionProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix'] },
    });
  });

  it('publishes T001 for the cycle at the range of the rule that closes it', async () => {
    const p = await client.diagnostics(TOML, has('T001'));
    const t001 = p.diagnostics.find((d) => d.code === 'T001')!;
    expect(t001).toMatchObject({
      severity: 1,
      source: 'rule-studio',
      range: { start: { line: 12, character: 0 }, end: { line: 12, character: 18 } },
    });
    expect(t001.message).toMatch(/Cycle in the required order: `a` → `b` → `a`/);
  });

  it('publishes W001 for the dangling transition at the transition', async () => {
    const p = await client.diagnostics(YAML, has('W001'));
    const w001 = p.diagnostics.find((d) => d.code === 'W001')!;
    expect(w001.range).toEqual({
      start: { line: 6, character: 8 },
      end: { line: 7, character: 17 },
    });
    expect(w001.message).toMatch(/goes to `plann`, which is not a node/);
  });

  it("hovers a rule with the studio's friendly name and meaning", async () => {
    const hover = await client.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri: TOML },
      position: { line: 5, character: 3 },
    });
    const value = (hover.contents as { value: string }).value;
    expect(value).toContain('**Call after… · RequiresPrecedingTools**');
    expect(value).toContain('May be called only after every listed tool was called.');
    expect(value).toContain('`a`');
  });

  it('completes rule types after `type =` and tool names in conditions', async () => {
    const types = await client.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: TOML },
      position: { line: 6, character: 22 },
    });
    expect(types.map((c) => c.label)).toContain('RequiresPrecedingTools');
    expect(types.find((c) => c.label === 'MaxCalls')?.detail).toBe('Max calls');
    const tools = await client.connection.sendRequest<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: TOML },
      position: { line: 7, character: 15 },
    });
    expect(tools.map((c) => c.label)).toEqual(['a', 'b', 'c']);
  });

  it("offers the studio's quick fix as a code action whose edit converts the rule", async () => {
    const p = await client.diagnostics(TOML, has('F010'));
    const f010 = p.diagnostics.find((d) => d.code === 'F010')!;
    const actions = await client.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: TOML },
      range: f010.range,
      context: { diagnostics: [f010] },
    });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      title: "Convert this rule to Pattern's form",
      kind: 'quickfix',
    });
    expect(actions[0]!.edit!.changes![TOML]).toEqual([
      {
        range: { start: { line: 16, character: 12 }, end: { line: 16, character: 26 } },
        newText: '{ type = "ContinueLoop" }',
      },
    ]);
  });

  it("goes from a rule to its tool's declaration", async () => {
    const loc = await client.connection.sendRequest<Location>('textDocument/definition', {
      textDocument: { uri: TOML },
      position: { line: 9, character: 14 },
    });
    expect(loc).toEqual({
      uri: TOML,
      range: { start: { line: 2, character: 15 }, end: { line: 2, character: 16 } },
    });
  });

  it("publishes verify's deadlock (V001) after the debounce, off the request path", async () => {
    const uri = pathToFileURL(resolve('examples/release-deadlock.toml')).href;
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'toml',
        version: 1,
        text: readFileSync('examples/release-deadlock.toml', 'utf8'),
      },
    });
    // check finds nothing in this file: the first publication is empty, the verifier's follows.
    expect((await client.diagnostics(uri, () => true)).diagnostics).toEqual([]);
    // A request answered while the search is pending or running.
    const hover = await client.connection.sendRequest<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 0 },
    });
    expect(hover).toBeNull();
    const p = await client.diagnostics(uri, has('V001'));
    const v001 = p.diagnostics.find((d) => d.code === 'V001')!;
    expect(v001).toMatchObject({
      severity: 1,
      // at the rule that keeps the agent from exiting (release's RequiredBeforeExit), not the [[agents]] header
      range: { start: { line: 7, character: 0 }, end: { line: 7, character: 21 } },
    });
    expect(v001.message).toMatch(/^Deadlock after `lock_branch` → `hotfix`/);
  });

  it('checks a changed document again and clears what was fixed', async () => {
    const fixed = textOf('dangling.yaml').replace('to: plann', 'to: plan');
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: YAML, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    const p = await client.diagnostics(YAML, (x) => !has('W001')(x));
    expect(p.diagnostics).toEqual([]);
  });

  it('formats a document as rule-studio fmt does, keeping its comment', async () => {
    const uri = uriOf('unformatted.toml');
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'toml',
        version: 1,
        text: '[[agents]]\nname=  "x"\ntools = [ "a","b" ]   # two\n',
      },
    });
    const edits = await client.connection.sendRequest<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(applyEdits('[[agents]]\nname=  "x"\ntools = [ "a","b" ]   # two\n', edits)).toBe(
      '[[agents]]\nname = "x"\ntools = ["a", "b"] # two\n',
    );
    const none = await client.connection.sendRequest<TextEdit[]>('textDocument/formatting', {
      textDocument: { uri: TOML },
      options: { tabSize: 2, insertSpaces: true },
    });
    expect(none).toEqual([]);
  });

  it('shuts down and exits with code 0', async () => {
    expect(await client.close()).toBe(0);
  });
});
