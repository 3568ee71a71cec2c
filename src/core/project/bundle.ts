/**
 * The project bundle: one JSON file that holds a whole project — every document's kind, file
 * name, source text, node layout and its model — with a `schemaVersion`, so a bundle written by an
 * older Rule Studio is migrated and one written by a newer one is refused with a clear message.
 *
 * The model travels next to the text so a document whose text does not read cleanly (a half-typed
 * edit) still restores its last good graph. Both are validated with the core zod schemas on load;
 * nothing in a bundle is ever executed.
 */
import { z } from 'zod';
import { Agent } from '../model/toolRules.ts';
import { Workflow } from '../model/workflow.ts';
import { migrateBundle } from './migrations.ts';
import { describeIssues } from './issues.ts';
import { BUNDLE_SCHEMA_VERSION } from './bundleVersion.ts';
import { TeachingNote } from '../simulator/teachingNote.ts';

export { BUNDLE_SCHEMA_VERSION, looksLikeBundle } from './bundleVersion.ts';


/** Bundles larger than this (characters of JSON) are refused before parsing. */
export const MAX_BUNDLE_CHARS = 20 * 1024 * 1024;

const XY = z.object({ x: z.number(), y: z.number() });
/**
 * Node positions by node name. zod reads a record without a `__proto__` key (it never assigns one,
 * so a bundle cannot set an object's prototype): a node of that name comes back with no stored
 * position and is placed by the layout like a new one.
 */
const Layout = z.record(z.string(), XY);

const docBase = {
  id: z.string().min(1),
  fileName: z.string().min(1),
  text: z.string(),
  layout: Layout.default({}),
};

/** One document of a bundle: an agent (TOML) or a workflow (YAML), text and model side by side. */
export const BundleDoc = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('agent'),
    ...docBase,
    agent: Agent,
    /** Stored while an edit's text was being written: `text` is still the text of `base` (the studio finishes the job on opening). */
    pendingText: z.object({ base: Agent }).optional(),
  }),
  z.object({
    kind: z.literal('workflow'),
    ...docBase,
    workflow: Workflow,
    /** As an agent's: a workflow edit's text being written. */
    pendingText: z.object({ base: Workflow }).optional(),
  }),
]);
export type BundleDoc = z.infer<typeof BundleDoc>;

/**
 * A trace saved with the project (a recorded log or a scripted scenario), as text, with the
 * lead-in a walk-through or a teaching link gave it (optional: older bundles have none, and still
 * read as version 2).
 */
export const BundleTrace = z.object({ id: z.string().min(1), name: z.string(), text: z.string(), note: TeachingNote.optional() });
export type BundleTrace = z.infer<typeof BundleTrace>;

/** A rule-set test file saved with the project (`docs/rule-tests.md`), as text. */
export const BundleTest = z.object({ id: z.string().min(1), name: z.string(), text: z.string() });
export type BundleTest = z.infer<typeof BundleTest>;

/** A project bundle, schema version 2 (version 1 had no tests). */
export const ProjectBundle = z.object({
  schemaVersion: z.literal(BUNDLE_SCHEMA_VERSION),
  name: z.string(),
  /** The project's id where it was saved; opening a bundle usually gives the project a new one. */
  id: z.string().optional(),
  activeDocId: z.string().optional(),
  docs: z.array(BundleDoc),
  /** Traces of the project; absent when it has none. */
  traces: z.array(BundleTrace).optional(),
  /** Rule-set test files of the project; absent when it has none. */
  tests: z.array(BundleTest).optional(),
});
export type ProjectBundle = z.infer<typeof ProjectBundle>;

export type DecodeResult =
  | { ok: true; bundle: ProjectBundle; /** What a migration had to leave out or change. */ warnings: string[] }
  | { ok: false; message: string };

export type EncodeResult = { ok: true; text: string } | { ok: false; message: string };

/**
 * Writes a bundle as pretty-printed JSON. Never throws: data that cannot be written (a model that
 * fails the schema, a cycle) gives `{ ok: false, message }`.
 */
export function encodeBundle(bundle: ProjectBundle): EncodeResult {
  const checked = ProjectBundle.safeParse(bundle);
  if (!checked.success) return { ok: false, message: `The project cannot be exported: ${describeIssues(checked.error.issues)}` };
  try {
    return { ok: true, text: `${JSON.stringify(checked.data, null, 2)}\n` };
  } catch (e) {
    return { ok: false, message: `The project cannot be exported: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Reads a bundle from JSON text or from an already parsed value (IndexedDB records, share links).
 * Migrates older schema versions, validates everything with zod and never throws: a problem gives
 * `{ ok: false, message }` saying what is wrong and where (`docs[2].agent.rules[0].priority: …`).
 */
export function decodeBundle(input: string | unknown): DecodeResult {
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.length > MAX_BUNDLE_CHARS)
      return { ok: false, message: `The project bundle is too large (${(input.length / 1048576).toFixed(1)} MB; the limit is ${MAX_BUNDLE_CHARS / 1048576} MB).` };
    try {
      value = JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } catch (e) {
      return { ok: false, message: `The project bundle is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
    }
  }
  const migrated = migrateBundle(value, BUNDLE_SCHEMA_VERSION);
  if (!migrated.ok) return migrated;
  const parsed = ProjectBundle.safeParse(migrated.value);
  if (!parsed.success) return { ok: false, message: `The project bundle is not valid: ${describeIssues(parsed.error.issues)}` };
  const bundle = parsed.data;
  const seen = new Set<string>();
  for (const [i, d] of bundle.docs.entries()) {
    if (seen.has(d.id)) return { ok: false, message: `The project bundle is not valid: docs[${i}].id: "${d.id}" is used by two documents.` };
    seen.add(d.id);
  }
  const traceIds = new Set<string>();
  for (const [i, t] of (bundle.traces ?? []).entries()) {
    if (traceIds.has(t.id)) return { ok: false, message: `The project bundle is not valid: traces[${i}].id: "${t.id}" is used by two traces.` };
    traceIds.add(t.id);
  }
  const testIds = new Set<string>();
  for (const [i, t] of (bundle.tests ?? []).entries()) {
    if (testIds.has(t.id)) return { ok: false, message: `The project bundle is not valid: tests[${i}].id: "${t.id}" is used by two test files.` };
    testIds.add(t.id);
  }
  if (bundle.activeDocId !== undefined && !seen.has(bundle.activeDocId)) delete bundle.activeDocId;
  return { ok: true, bundle, warnings: migrated.warnings };
}

