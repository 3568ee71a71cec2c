/**
 * In-place edits of JSON text with Microsoft's jsonc-parser (`modify` + `applyEdits`, the code
 * VS Code edits settings files with): only the edited property or array element changes, in the
 * file's own indentation and line endings; the rest of the text stays byte for byte.
 */
import { applyEdits, modify, type FormattingOptions, type JSONPath, type ModificationOptions } from 'jsonc-parser';
import type { DocPath } from '../types.ts';
import type { TextPatcher } from './ops.ts';
import { plainOf } from './tree.ts';

/** The file's own indentation (first indented line) and line ending. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}

function edit(text: string, path: DocPath, value: unknown, options: Omit<ModificationOptions, 'formattingOptions'>): string | undefined {
  try {
    const edits = modify(text, path as JSONPath, value === undefined ? undefined : plainOf(value), { formattingOptions: formattingOf(text), ...options });
    return edits.length === 0 ? undefined : applyEdits(text, edits);
  } catch {
    return undefined;
  }
}

/** The JSON text patcher. */
export const jsonPatcher: TextPatcher = {
  replace: (text, path, value) => (path.length === 0 ? undefined : edit(text, path, value, {})),
  insert: (text, parent, key, value, after) =>
    typeof key === 'number'
      ? edit(text, [...parent, key], value, { isArrayInsertion: true })
      : edit(text, [...parent, key], value, {
          getInsertionIndex: (props) => (after === undefined ? 0 : props.indexOf(after) + 1 || props.length),
        }),
  remove: (text, parent, key) => edit(text, [...parent, key], undefined, {}),
};
