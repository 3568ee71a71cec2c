/**
 * What an imported text is: rule documents (TOML, YAML or JSON rule files), a project bundle, or
 * something refused with a message that says why. Pure: the caller applies the result.
 */
import { decodeBundle, looksLikeBundle, type ProjectBundle } from '../../core/project/bundle.ts';
import { formatFromName, looksBinary, MAX_RULE_FILE_BYTES, sniffFormat } from '../../core/codecs/load.ts';
import { docsFromFile, type RuleDoc } from '../state/documents.ts';

/** Inputs larger than this are refused unread (10 MB). */
export const MAX_IMPORT_BYTES = MAX_RULE_FILE_BYTES;

export type ImportReading =
  | { kind: 'docs'; docs: RuleDoc[]; source: string }
  | { kind: 'bundle'; bundle: ProjectBundle; warnings: string[]; source: string }
  | { kind: 'refused'; message: string };

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/** The refusal for an input of `size` bytes, or undefined when it is small enough to read. */
export function refuseBySize(source: string, size: number): ImportReading | undefined {
  if (size <= MAX_IMPORT_BYTES) return undefined;
  return { kind: 'refused', message: `${source} is too large to import (${mb(size)}; the limit is ${mb(MAX_IMPORT_BYTES)}). Nothing was changed.` };
}

/**
 * Reads an imported text. `fileName` is absent for pasted text: its format is then sniffed and
 * the documents are named after the agents and workflows they hold.
 */
export function readImport(fileName: string | undefined, text: string): ImportReading {
  const source = fileName ?? 'The pasted text';
  const tooLarge = refuseBySize(source, text.length);
  if (tooLarge) return tooLarge;
  if (text.trim() === '') return { kind: 'refused', message: `${source} is empty. Nothing was changed.` };
  if (looksBinary(text)) return { kind: 'refused', message: `${source} is binary, not TOML, YAML or JSON text. Nothing was changed.` };

  const format = (fileName ? formatFromName(fileName) : undefined) ?? sniffFormat(text);
  if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      value = undefined; // the rule-file reader reports the syntax error with its position
    }
    if (looksLikeBundle(value)) {
      const r = decodeBundle(value);
      return r.ok ? { kind: 'bundle', bundle: r.bundle, warnings: r.warnings, source } : { kind: 'refused', message: `${source}: ${r.message} Nothing was changed.` };
    }
  }

  const name = fileName ?? `${format === 'yaml' ? 'workflow' : 'pasted'}.${format}`;
  const { docs, loaded } = docsFromFile(name, text);
  if (docs.length === 0) {
    const first = loaded.diagnostics.find((d) => d.severity === 'error');
    const why = first ? `${first.message.replace(/[.\s]+$/, '')} (line ${first.range.start.line}).` : 'it holds no agent and no workflow.';
    return { kind: 'refused', message: `Could not import ${fileName ?? 'the pasted text'}: ${why} Nothing was changed.` };
  }
  // Pasted agents are named after themselves rather than `pasted.toml`.
  const named = fileName ? docs : docs.map((d) => (d.kind === 'agent' ? { ...d, fileName: `${d.agent.name || 'agent'}.toml` } : d));
  return { kind: 'docs', docs: named, source };
}
