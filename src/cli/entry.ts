/** Process entry of the CLI: wires the real file system and streams to {@link main}. */
import { main } from './main.ts';
import { err, listFiles, out, outBytes, packageVersion, readByteChunks, readText, writeText } from './io.ts';
import { EXIT } from './context.ts';

main(process.argv.slice(2), { readText, readByteChunks, writeText, listFiles, out, outBytes, err, version: packageVersion() }).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.unreadable;
  },
);
