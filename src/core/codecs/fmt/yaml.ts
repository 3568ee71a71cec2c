/**
 * The YAML formatter of `rule-studio fmt`, in prettier's style, printed by the `yaml` package from
 * the document it parsed (so comments, anchors, key order, block scalars and flow collections stay
 * as written): two-space indentation with list items indented under their key, no folding of long
 * lines, `[a, b]` and `{a: 1}` without padding (the `yaml` package pads both or neither), at most one blank line, single-quoted strings
 * double-quoted unless they hold a `"` or `\`, a final newline.
 */
import { isScalar, Lexer, Scalar, visit } from 'yaml';
import { parseYamlDocument } from '../parse/yaml.ts';
import { FmtError } from './common.ts';

/** The comments of a YAML text, in order (for checking that formatting kept every one). */
export function yamlComments(text: string): string[] {
  const out: string[] = [];
  for (const tok of new Lexer().lex(text)) if (tok.startsWith('#')) out.push(tok.replace(/\s+$/, ''));
  return out;
}

/** Formats a YAML text (see the module comment); throws {@link FmtError} where it cannot read it. */
export function formatYaml(text: string): string {
  const doc = parseYamlDocument(text);
  const [error] = doc.errors;
  if (error) throw new FmtError(error.message, error.pos[0]);
  visit(doc, {
    Scalar(_key, node) {
      if (isScalar(node) && node.type === Scalar.QUOTE_SINGLE && typeof node.value === 'string' && !/["\\]/.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc.toString({ indent: 2, indentSeq: true, lineWidth: 0, flowCollectionPadding: false, singleQuote: false });
}
