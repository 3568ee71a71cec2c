/**
 * SARIF 2.1.0 output of `check --format sarif`, the form code-scanning services upload: one run,
 * one reporting descriptor per diagnostic code found, one result per diagnostic.
 */
import type { Diagnostic } from '../../core/diagnostics/types.ts';
import { CODE_TITLES } from './codes.ts';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/**
 * A SARIF `uri` for a path as the user gave it: relative paths stay relative (code scanning
 * resolves them against the repository root), with `/` separators and each segment
 * percent-encoded; absolute paths become `file://` URIs.
 */
export function pathToUri(path: string): string {
  const slashed = path.replaceAll('\\', '/');
  const absolute = slashed.startsWith('/') || /^[A-Za-z]:\//.test(slashed);
  const encoded = slashed
    .split('/')
    .map((seg, i) => (i === 0 && /^[A-Za-z]:$/.test(seg) ? seg : encodeURIComponent(seg)))
    .join('/')
    .replace(/^\.\//, '');
  if (!absolute) return encoded;
  return slashed.startsWith('/') ? `file://${encoded}` : `file:///${encoded}`;
}

/** The SARIF log for a list of diagnostics. */
export function toSarif(diagnostics: readonly Diagnostic[], version: string): object {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const index = new Map(codes.map((c, i) => [c, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'rule-studio',
            version,
            rules: codes.map((code) => ({
              id: code,
              shortDescription: { text: CODE_TITLES[code] ?? code },
              helpUri: 'https://www.npmjs.com/package/rule-studio',
            })),
          },
        },
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: index.get(d.code),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: pathToUri(d.file) },
                region: {
                  startLine: d.range.start.line,
                  startColumn: d.range.start.column,
                  endLine: Math.max(d.range.end.line, d.range.start.line),
                  endColumn: d.range.end.line > d.range.start.line ? d.range.end.column : Math.max(d.range.end.column, d.range.start.column),
                },
              },
            },
          ],
        })),
      },
    ],
  };
}
