/** File names for exports. */
import type { RuleDoc } from '../state/documents.ts';
import { formatFromName } from '../../core/codecs/format.ts';

/** The active document's file name with the extension its text has (`.toml`, `.yaml`/`.yml`, `.json`). */
export function exportFileName(doc: Pick<RuleDoc, 'kind' | 'fileName'>): string {
  if (formatFromName(doc.fileName)) return doc.fileName;
  const base = doc.fileName.replace(/\.[^./]*$/, '') || (doc.kind === 'agent' ? 'agent' : 'workflow');
  return `${base}.${doc.kind === 'agent' ? 'toml' : 'yaml'}`;
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
