/**
 * TOML for Monaco: a small Monarch tokenizer (Monaco ships no TOML grammar) covering table and
 * array-of-tables headers, bare/quoted/dotted keys, basic and literal strings (also multi-line),
 * numbers, dates, booleans, comments, arrays and inline tables.
 */
import type { languages } from 'monaco-editor/esm/vs/editor/editor.api.js';

export const TOML_LANGUAGE_ID = 'toml';

export const tomlConfiguration: languages.LanguageConfiguration = {
  comments: { lineComment: '#' },
  brackets: [
    ['[', ']'],
    ['{', '}'],
  ],
  autoClosingPairs: [
    { open: '[', close: ']' },
    { open: '{', close: '}' },
    { open: '"', close: '"', notIn: ['string'] },
    { open: "'", close: "'", notIn: ['string'] },
  ],
  surroundingPairs: [
    { open: '[', close: ']' },
    { open: '{', close: '}' },
    { open: '"', close: '"' },
    { open: "'", close: "'" },
  ],
};

export const tomlLanguage: languages.IMonarchLanguage = {
  defaultToken: '',
  tokenPostfix: '.toml',
  escapes: /\\(?:[btnfr"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})/,
  tokenizer: {
    root: [
      { include: '@whitespace' },
      // [[agents.tool_rules]] and [agent] headers (at the start of a line).
      [/^\s*\[\[[^\]]*\]\]/, 'type.identifier'],
      [/^\s*\[[^\]]*\]/, 'type'],
      // key = … (bare, quoted or dotted keys)
      [/(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*(?=\s*=)/, 'key'],
      [/=/, 'delimiter'],
      { include: '@value' },
    ],
    value: [
      { include: '@whitespace' },
      [/"""/, 'string', '@mlBasic'],
      [/'''/, 'string', '@mlLiteral'],
      [/"/, 'string', '@basic'],
      [/'[^']*'/, 'string'],
      [/\b(?:true|false)\b/, 'keyword'],
      [/\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?)?/, 'number'],
      [/\d{2}:\d{2}:\d{2}(?:\.\d+)?/, 'number'],
      [/[+-]?(?:inf|nan)\b/, 'number'],
      [/0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+/, 'number'],
      [/[+-]?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?/, 'number'],
      [/\{/, 'delimiter.bracket', '@inlineTable'],
      [/\[/, 'delimiter.square', '@array'],
      [/,/, 'delimiter'],
    ],
    inlineTable: [
      [/\}/, 'delimiter.bracket', '@pop'],
      [/(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"))*(?=\s*=)/, 'key'],
      [/=/, 'delimiter'],
      { include: '@value' },
    ],
    array: [[/\]/, 'delimiter.square', '@pop'], { include: '@value' }],
    basic: [
      [/[^\\"]+/, 'string'],
      [/@escapes/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/"/, 'string', '@pop'],
    ],
    mlBasic: [
      [/"""/, 'string', '@pop'],
      [/[^\\"]+/, 'string'],
      [/@escapes/, 'string.escape'],
      [/\\$/, 'string.escape'],
      [/\\./, 'string.escape.invalid'],
      [/"/, 'string'],
    ],
    mlLiteral: [
      [/'''/, 'string', '@pop'],
      [/[^']+/, 'string'],
      [/'/, 'string'],
    ],
    whitespace: [
      [/[ \t\r\n]+/, ''],
      [/#.*$/, 'comment'],
    ],
  },
};
