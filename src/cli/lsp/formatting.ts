/** Formatting: `rule-studio fmt`'s result for the document, as the one smallest edit that gives it. */
import type { TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { formatRuleText } from '../../core/codecs/fmt/index.ts';
import { minimalReplacement } from '../../core/text/minimalReplacement.ts';
import { pathOfUri } from './analyse.ts';

/** The edits formatting the document; none when it is formatted already or fmt refuses it (its diagnostics say why). */
export function formattingEdits(doc: TextDocument): TextEdit[] {
  const before = doc.getText();
  const { text } = formatRuleText(pathOfUri(doc.uri), before);
  const r = text === undefined ? null : minimalReplacement(before, text);
  return r
    ? [{ range: { start: doc.positionAt(r.start), end: doc.positionAt(r.end) }, newText: r.text }]
    : [];
}
