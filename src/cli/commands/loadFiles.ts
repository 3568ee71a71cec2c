import { loadRuleFile, type LoadOptions } from '../../core/codecs/load.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import type { CliContext } from '../context.ts';

/** Reads and loads rule files; unreadable ones throw (the caller maps that to exit code 2). */
export function loadFiles(ctx: CliContext, paths: readonly string[], options: LoadOptions = {}): LoadedFile[] {
  return paths.map((p) => loadRuleFile(p, ctx.readText(p), undefined, options));
}
