/** Process entry of the CLI: wires the real file system and streams to {@link main}. */
import { main } from './main.ts';
import { err, listFiles, out, outBytes, packageRepositoryUrl, packageVersion, readByteChunks, readRuleText, readStdin, readText, writeText } from './io.ts';
import { EXIT } from './context.ts';
import { startReportWorkerEarly } from './commands/report.ts';

if (process.env.RULE_STUDIO_CORPUS_WORKER === '1' && typeof process.send === 'function') {
  // A worker process of `report` (src/cli/corpus/pool.ts): the same script, replaying the sessions it is handed.
  void import('./corpus/pool.ts').then((pool) => pool.serveCorpusWorker());
} else {
  startReportWorkerEarly(process.argv.slice(2));
  main(process.argv.slice(2), { readText, readRuleText, readStdin, readByteChunks, writeText, listFiles, out, outBytes, err, version: packageVersion(), repositoryUrl: packageRepositoryUrl() }).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = EXIT.unreadable;
    },
  );
}
