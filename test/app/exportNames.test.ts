/** review17 #1: an export keeps the file's own name and extension, for every family. */
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../src/app/persistence/exportNames.ts';

describe('exportFileName', () => {
  it.each([
    // Codex loads only *.rules under ~/.codex/rules/: `default.rules` was exported as `default.toml`.
    [{ kind: 'agent', fileName: 'default.rules', agent: { family: 'codex' } }, 'default.rules'],
    [{ kind: 'agent', fileName: 'Team.RULES', agent: { family: 'codex' } }, 'Team.RULES'],
    [{ kind: 'agent', fileName: 'settings.json', agent: { family: 'claude' } }, 'settings.json'],
    [{ kind: 'agent', fileName: 'settings.local.json', agent: { family: 'claude' } }, 'settings.local.json'],
    [{ kind: 'agent', fileName: 'team.toml', agent: { family: 'gemini' } }, 'team.toml'],
    [{ kind: 'agent', fileName: 'evie.af', agent: { family: 'letta' } }, 'evie.af'],
    [{ kind: 'agent', fileName: 'etl.toml', agent: {} }, 'etl.toml'],
    [{ kind: 'agent', fileName: 'etl.json', agent: {} }, 'etl.json'],
    [{ kind: 'workflow', fileName: 'exec.yml' }, 'exec.yml'],
    [{ kind: 'workflow', fileName: 'exec.yaml' }, 'exec.yaml'],
  ] as const)('keeps %j as %s', (doc, name) => {
    expect(exportFileName(doc)).toBe(name);
  });

  it.each([
    // A name without an extension gets its family's: what that family's loader reads.
    [{ kind: 'agent', fileName: 'default', agent: { family: 'codex' } }, 'default.rules'],
    [{ kind: 'agent', fileName: 'settings', agent: { family: 'claude' } }, 'settings.json'],
    [{ kind: 'agent', fileName: 'team', agent: { family: 'gemini' } }, 'team.toml'],
    [{ kind: 'agent', fileName: 'evie', agent: { family: 'letta' } }, 'evie.af'],
    [{ kind: 'agent', fileName: 'etl', agent: {} }, 'etl.toml'],
    [{ kind: 'workflow', fileName: 'exec' }, 'exec.yaml'],
    // `.rules` is Codex's own: another family's document so named is written in its own form.
    [{ kind: 'agent', fileName: 'etl.rules', agent: {} }, 'etl.toml'],
    [{ kind: 'workflow', fileName: 'exec.rules' }, 'exec.yaml'],
  ] as const)('names %j %s', (doc, name) => {
    expect(exportFileName(doc)).toBe(name);
  });
});
