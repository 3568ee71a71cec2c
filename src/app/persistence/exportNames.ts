/** File names for exports. */
import type { RuleDoc } from '../state/documents.ts';
import { formatFromName } from '../../core/codecs/format.ts';

type Family = 'letta' | 'claude' | 'codex' | 'gemini';

/** The extension each family's loader reads its files under (Codex loads only `*.rules` from `~/.codex/rules/`). */
const FAMILY_EXT: Readonly<Record<Family, string>> = { codex: 'rules', gemini: 'toml', claude: 'json', letta: 'af' };

/** What an export's name needs of its document: its kind, its file name and, for an agent, its family. */
export type ExportNaming = Pick<RuleDoc, 'kind' | 'fileName'> & { agent?: { family?: Family | undefined } };

/** The extension a document of this kind and family is written with when its own name has none. */
function extensionOf(doc: ExportNaming): string {
  const family = doc.kind === 'agent' ? doc.agent?.family : undefined;
  if (family) return FAMILY_EXT[family];
  return doc.kind === 'agent' ? 'toml' : 'yaml';
}

/** True when the name ends in an extension its family's loader reads (the file's own name is kept). */
function keepsOwnName(doc: ExportNaming): boolean {
  if (formatFromName(doc.fileName)) return true;
  return doc.kind === 'agent' && doc.agent?.family === 'codex' && /\.rules$/i.test(doc.fileName);
}

/**
 * The active document's file name for an export: its own name when its extension is one its
 * family's loader reads (`default.rules`, `settings.local.json`, `team.toml`, `evie.af`,
 * `etl.toml`, `exec.yml`); else its base name with its family's extension (`.rules` for Codex,
 * `.toml` for Gemini and Pattern, `.json` for Claude Code, `.af` for Letta, `.yaml` for hegel).
 */
export function exportFileName(doc: ExportNaming): string {
  if (keepsOwnName(doc)) return doc.fileName;
  const base = doc.fileName.replace(/\.[^./]*$/, '') || (doc.kind === 'agent' ? 'agent' : 'workflow');
  return `${base}.${extensionOf(doc)}`;
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
