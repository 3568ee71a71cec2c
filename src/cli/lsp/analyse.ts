/**
 * One open document as the core reads it: the loaded file and every diagnostic `check` gives
 * for it (reading, validation, Claude settings), with the studio's quick fixes attached.
 */
import { checkLoadedFile, type Profile } from '../../core/check.ts';
import { loadRuleFile, isNotRuleFile } from '../../core/codecs/load.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import { withNormaliseFixes } from '../../core/codecs/edit/normalise.ts';
import type { Diagnostic } from '../../core/diagnostics/types.ts';

export interface Analysis {
  loaded: LoadedFile;
  /** Empty for a file that is not a rule file (an ordinary YAML or JSON file is not flagged). */
  diagnostics: Diagnostic[];
}

/** The file system path of a `file:` URI, or the URI itself for other schemes (untitled documents). */
export function pathOfUri(uri: string): string {
  if (!uri.startsWith('file://')) return uri;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

/** Reads and checks one document's text as `rule-studio check` would. */
export function analyse(uri: string, text: string, profile: Profile = 'spec'): Analysis {
  const file = pathOfUri(uri);
  const loaded = loadRuleFile(file, text);
  if (isNotRuleFile(loaded)) return { loaded, diagnostics: [] };
  return { loaded, diagnostics: withNormaliseFixes(file, text, checkLoadedFile(loaded, profile)) };
}
