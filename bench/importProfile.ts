/**
 * Profiles the drop of a generated 30,000-rule agent on the built app (see `importChromium.ts`):
 *   node --import tsx bench/importProfile.ts [rules]
 * Writes `test-results/import-profile.json` (a Chromium trace: DevTools → Performance → Load
 * profile) and prints each long task with what it did. `PROFILE_BUILD=never` reuses dist-profile/;
 * `--trace <file>` reads a trace written before instead.
 */
import { readFileSync } from 'node:fs';
import { benchImportChromium, printProfile } from './importChromium.ts';
import { longTasksOfTrace } from './traceTasks.ts';

const saved = process.argv.indexOf('--trace');
if (saved > 0) {
  // Reads a trace written before: node --import tsx bench/importProfile.ts --trace test-results/import-profile.json
  printProfile(longTasksOfTrace(JSON.parse(readFileSync(process.argv[saved + 1]!, 'utf8')) as Parameters<typeof longTasksOfTrace>[0], 'bench-drop'));
  process.exit(0);
}
const r = await benchImportChromium(Number(process.argv[2] ?? 30_000), true);
if ('skipped' in r) {
  console.log(`skipped: ${r.skipped}`);
} else {
  console.log(`${r.rules} rules: in the project and drawn ${r.importMs.toFixed(0)} ms after the drop; ${r.tasks.length} long tasks, longest ${r.longestTaskMs.toFixed(0)} ms`);
  console.log(`  ${r.tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', ')}`);
  console.log(`  then "Open in the editor": the editor shows the text after ${r.openEditorMs?.toFixed(0)} ms; longest task ${r.openEditorLongestTaskMs?.toFixed(0)} ms`);
  printProfile(r.profile ?? []);
}
