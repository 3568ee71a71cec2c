/** Process entry of the CLI: wires the real file system and streams to {@link main}. */
import { main } from './main.ts';
import { err, listFiles, out, packageVersion, readChunks, readText, writeText } from './io.ts';
import { EXIT } from './context.ts';

main(process.argv.slice(2), { readText, readChunks, writeText, listFiles, out, err, version: packageVersion() }).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.unreadable;
  },
);
