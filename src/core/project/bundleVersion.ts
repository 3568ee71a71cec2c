/**
 * What the page needs of project bundles before the codecs load: the schema version, how a
 * bundle is told from a rule file, and the key of share links. Decoding (with its migrations, which read and write rule files)
 * is in `bundle.ts`.
 */

/** The bundle schema this version of Rule Studio writes and reads (older ones are migrated). */
export const BUNDLE_SCHEMA_VERSION = 2;

/** True when a parsed JSON value looks like a project bundle (of any version) rather than a rule file. */
export function looksLikeBundle(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return 'schemaVersion' in v || (Array.isArray(v.docs) && !('agents' in v)) || (typeof v.files === 'object' && v.files !== null && !('agents' in v));
}

/** The URL fragment key: `#share=v1.…`. */
export const SHARE_HASH_KEY = 'share';
