import { loadRuleFile, type LoadOptions } from '../../core/codecs/load.ts';
import type { LoadedFile } from '../../core/codecs/types.ts';
import type { CliContext } from '../context.ts';

/**
 * Reads and loads rule files; unreadable ones throw (the caller maps that to exit code 2). A file
 * that is not UTF-8 is refused where it breaks (when the context reads bytes).
 */
export function loadFiles(ctx: CliContext, paths: readonly string[], options: LoadOptions = {}): LoadedFile[] {
  return paths.map((p) => {
    if (!ctx.readRuleText) return loadRuleFile(p, ctx.readText(p), undefined, options);
    const { text, invalidUtf8 } = ctx.readRuleText(p);
    return loadRuleFile(p, text, undefined, invalidUtf8 ? { ...options, invalidUtf8 } : options);
  });
}
