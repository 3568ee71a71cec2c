// A minimal VS Code extension: starts `rule-studio lsp` over stdio for TOML, YAML, JSON and .af files.
/* eslint-disable @typescript-eslint/no-require-imports -- a VS Code extension is CommonJS */
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('ruleStudio');
  const command = config.get('command', 'rule-studio');
  const run = { command, args: ['lsp'], options: { shell: process.platform === 'win32' } };
  client = new LanguageClient(
    'ruleStudio',
    'Rule Studio',
    { run, debug: run },
    {
      documentSelector: [
        { scheme: 'file', language: 'toml' },
        { scheme: 'file', language: 'yaml' },
        { scheme: 'file', language: 'json' },
        { scheme: 'file', pattern: '**/*.af' },
      ],
      initializationOptions: { profile: config.get('profile', 'spec') },
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
