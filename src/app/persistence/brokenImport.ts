/**
 * A rule file whose TOML, YAML or JSON syntax is broken opens as a document anyway, holding the
 * user's text as it is, so they can fix it in Source with the error at its line and column (the
 * graph appears once the text reads). Refusing it lost the file; guessing a model would rewrite it.
 */
import { formatFromName, isSyntaxError } from '../../core/codecs/format.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { newDocId, type AgentDoc, type RuleDoc, type WorkflowDoc } from '../state/documents.ts';

/** Top-level keys that say a text is a hegel workflow (`start_node:`, `nodes:`, `"start_node"`). */
const WORKFLOW_KEY = /^\s*"?(start_node|nodes|mode)"?\s*[:=]/m;

/** The document for a broken rule file and the syntax error to report, or undefined when it is not one. */
export function brokenRuleDoc(fileName: string, text: string, loaded: LoadedFile): { doc: RuleDoc; error: Diagnostic } | undefined {
  const error = loaded.diagnostics.find(isSyntaxError);
  const format = formatFromName(fileName);
  if (!error || !format || /\.af$/i.test(fileName)) return undefined;
  const name = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '') || 'broken';
  const base = { id: newDocId(), fileName, text, layout: {} };
  if (format !== 'toml' && WORKFLOW_KEY.test(text)) {
    const doc: WorkflowDoc = { ...base, kind: 'workflow', workflow: { name, mode: 'execution', start_node: '', nodes: [] } };
    return { doc, error };
  }
  const doc: AgentDoc = { ...base, kind: 'agent', agent: { name, tools: [], rules: [] } };
  return { doc, error };
}
