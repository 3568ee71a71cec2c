/**
 * A Codex `.rules` file opened in the studio (issue 24): seen in the first e2e run, the document
 * was renamed `codex.toml` and its text rewritten, so its checks were lost and an edit from the
 * Policy view found no rule to replace. It is kept as written, with its checks.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadCodecs } from '../../src/app/state/codecs.ts';
import { diagnosticsOf, docsFromFile } from '../../src/app/state/documents.ts';

it('a .rules file is one document kept as written, with its K0xx checks', async () => {
  await loadCodecs();
  const text = readFileSync(new URL('../../examples/codex-default.rules', import.meta.url), 'utf8');
  const { docs } = docsFromFile('codex-default.rules', text);
  expect(docs.map((d) => [d.kind, d.fileName, d.text === text])).toEqual([['agent', 'codex-default.rules', true]]);
  expect(diagnosticsOf(docs[0]!).diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([
    ['K032', 18],
    ['K030', 23],
  ]);
});
