/** Process entry of the CLI: wires the real file system and streams to {@link main}. */
import { main } from './main.ts';
import { err, out, packageVersion, readChunks, readText } from './io.ts';
import { EXIT } from './context.ts';

main(process.argv.slice(2), { readText, readChunks, out, err, version: packageVersion() }).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.unreadable;
  },
);
