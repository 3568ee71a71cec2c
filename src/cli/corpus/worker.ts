/**
 * Entry of the corpus worker bundle (`dist-cli/corpus-worker.cjs`): only the replay path, so a
 * worker process of `report` / `simulate --corpus` loads a fraction of the CLI bundle.
 */
import { serveCorpusWorker } from './pool.ts';

serveCorpusWorker();
