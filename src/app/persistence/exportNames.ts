/** File names for exports. */
import type { RuleDoc } from '../state/documents.ts';

/** The active document's file name with the extension its text has: `.toml` for agents, `.yaml`/`.yml` for workflows. */
export function exportFileName(doc: Pick<RuleDoc, 'kind' | 'fileName'>): string {
  const base = doc.fileName.replace(/\.[^./]*$/, '') || (doc.kind === 'agent' ? 'agent' : 'workflow');
  if (doc.kind === 'agent') return /\.toml$/i.test(doc.fileName) ? doc.fileName : `${base}.toml`;
  return /\.ya?ml$/i.test(doc.fileName) ? doc.fileName : `${base}.yaml`;
}

/** The bundle's file name: the project name made safe for file systems, `.rulestudio.json`. */
export function projectFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'project'}.rulestudio.json`;
}
