/**
 * Migrations of project bundles from older schema versions to the current one, one step per
 * version. Schema 0 (the first prototype's export, with no `schemaVersion` or `schemaVersion: 0`)
 * held only source texts, as a map from file name to text, and no layout: migrating re-reads each
 * file with the core reader so every document gets its model again. Schema 2 added rule-set tests.
 */
import { loadRuleFile } from '../codecs/load.ts';
import { writeAgentsToml } from '../codecs/write/agentsToml.ts';
import { writeWorkflowYaml } from '../codecs/write/workflowYaml.ts';

export type MigrationResult = { ok: true; value: unknown; warnings: string[] } | { ok: false; message: string };

type Step = (value: Record<string, unknown>, warnings: string[]) => Record<string, unknown> | string;

/** v0 → v1: `{ name, files: { "etl.toml": "…" } }` → `{ schemaVersion: 1, name, docs: [...] }`. */
const v0ToV1: Step = (v0, warnings) => {
  const files = v0.files;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return 'files: expected a map from file name to text (schema 0).';
  const docs: unknown[] = [];
  let n = 0;
  for (const [fileName, text] of Object.entries(files as Record<string, unknown>)) {
    const where = `files[${JSON.stringify(fileName)}]`;
    if (typeof text !== 'string') return `${where}: expected the file's text (a string).`;
    const loaded = loadRuleFile(fileName, text);
    const single = loaded.agents.length + loaded.workflows.length === 1;
    for (const agent of loaded.agents) {
      const keep = single && /\.toml$/i.test(fileName);
      docs.push({ kind: 'agent', id: `doc-${++n}`, fileName: keep ? fileName : `${agent.name}.toml`, text: keep ? text : writeAgentsToml([agent]).text, layout: {}, agent });
    }
    for (const workflow of loaded.workflows) {
      const keep = single && /\.ya?ml$/i.test(fileName);
      docs.push({ kind: 'workflow', id: `doc-${++n}`, fileName: keep ? fileName : `${workflow.name}.yaml`, text: keep ? text : writeWorkflowYaml(workflow), layout: {}, workflow });
    }
    if (loaded.agents.length + loaded.workflows.length === 0) {
      const why = loaded.diagnostics.find((d) => d.severity === 'error')?.message ?? 'it holds no agent or workflow';
      warnings.push(`${where} was left out: ${why}`);
    }
  }
  return { schemaVersion: 1, name: typeof v0.name === 'string' ? v0.name : 'Imported project', docs };
};

/**
 * v1 → v2: version 2 adds rule-set tests (`tests`, optional). A v1 bundle has none, so only the
 * version changes; the bump makes an older Rule Studio refuse a v2 bundle instead of silently
 * dropping its tests.
 */
const v1ToV2: Step = (v1) => ({ ...v1, schemaVersion: 2 });

/** STEPS[n] migrates schema n to n + 1. */
const STEPS: readonly Step[] = [v0ToV1, v1ToV2];

/**
 * Brings a parsed bundle up to `current`. A bundle from a newer Rule Studio is refused; one
 * without `schemaVersion` is schema 0. Never throws.
 */
export function migrateBundle(value: unknown, current: number): MigrationResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'The project bundle is not valid: (root): expected a JSON object.' };
  let v = value as Record<string, unknown>;
  const raw = v.schemaVersion ?? 0;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0)
    return { ok: false, message: `The project bundle is not valid: schemaVersion: expected a whole number, got ${JSON.stringify(raw)}.` };
  if (raw > current)
    return { ok: false, message: `This project was made by a newer Rule Studio (schema ${raw}; this one reads up to ${current}).` };
  const warnings: string[] = [];
  try {
    for (let version = raw; version < current; version++) {
      const step = STEPS[version];
      if (!step) return { ok: false, message: `No migration from schema ${version} to ${version + 1}.` };
      const next = step(v, warnings);
      if (typeof next === 'string') return { ok: false, message: `The project bundle (schema ${version}) is not valid: ${next}` };
      v = next;
    }
  } catch (e) {
    return { ok: false, message: `The project bundle could not be migrated: ${e instanceof Error ? e.message : String(e)}` };
  }
  return { ok: true, value: v, warnings };
}
