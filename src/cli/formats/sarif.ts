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

/** Where a code is explained: its row of the diagnostics reference, relative to the repository root. */
export const docsPathOf = (code: string): string => `docs/reference/diagnostics.md#${encodeURIComponent(code)}`;

/**
 * The absolute `helpUri` of a code, from the package's repository URL (`https://github.com/o/r`,
 * `git+https://…git`); undefined without one. SARIF requires an absolute URI there, so without a
 * repository the descriptor has no `helpUri` and its help names the docs path instead.
 */
export function helpUriOf(code: string, repositoryUrl: string | undefined): string | undefined {
  const m = repositoryUrl === undefined ? null : /^(?:git\+)?(https:\/\/[^\s#?]+?)(?:\.git)?\/?$/.exec(repositoryUrl);
  return m ? `${m[1] as string}/blob/HEAD/${docsPathOf(code)}` : undefined;
}

/** The SARIF reporting descriptor of a diagnostic code: its title, a full description and help pointing to the reference. */
export function sarifRule(code: string, repositoryUrl?: string): object {
  const title = CODE_TITLES[code] ?? `rule-studio diagnostic ${code}`;
  const uri = helpUriOf(code, repositoryUrl);
  const where = uri ?? docsPathOf(code);
  return {
    id: code,
    shortDescription: { text: title },
    fullDescription: { text: `${code}: ${title}. Each message says what follows for the agent; the diagnostics reference gives the cause and the fix.` },
    help: {
      text: `${code}: ${title}. What it means and how to fix it: ${where}`,
      markdown: `**${code}**: ${title}. What it means and how to fix it: [the diagnostics reference](${where}).`,
    },
    ...(uri ? { helpUri: uri } : {}),
  };
}

/** The SARIF log for a list of diagnostics. */
export function toSarif(diagnostics: readonly Diagnostic[], version: string, repositoryUrl?: string): object {
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
            rules: codes.map((code) => sarifRule(code, repositoryUrl)),
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
