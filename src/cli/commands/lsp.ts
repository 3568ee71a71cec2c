import { defineCommand } from '../registry.ts';

/** `lsp`: the language server over stdio, for editors (docs/editors.md). */
export const lspCommand = defineCommand({
  name: 'lsp',
  summary:
    'language server over stdio: check and verify diagnostics, hover, completion, quick fixes (docs/editors.md)',
  positionals: { name: '', noun: 'argument', description: '', min: 0, max: 0 },
  options: [
    {
      kind: 'flag',
      name: 'stdio',
      description:
        'talk over stdin/stdout (the default and only transport; accepted as editors pass it)',
      example: '--stdio',
    },
  ],
  examples: ['rule-studio lsp', 'rule-studio lsp --stdio'],
  exitCodes:
    "exit codes: 0 after the client's shutdown and exit, 1 when the client exits without shutdown",
  run: async () => (await import('./lspRun.ts')).runLsp(),
});
