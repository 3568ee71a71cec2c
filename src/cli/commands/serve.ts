import { defineCommand } from '../registry.ts';
import { NO_OPEN_OPTION, PORT_OPTION } from './sharedOptions.ts';

/** `serve [files… | folder]`: the studio on 127.0.0.1, opening the given files as the project. */
export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'open the studio in the browser on local files (127.0.0.1 only)',
  positionals: { name: '<paths…>', noun: 'file', description: 'rule files, traces or folders to open as the project', min: 0 },
  options: [
    NO_OPEN_OPTION,
    { kind: 'flag', name: 'write-back', description: 'write every edit made in the studio to its file as it is made (without it, only Save writes)', example: '--write-back' },
    PORT_OPTION,
  ],
  examples: ['rule-studio serve agent.toml', 'rule-studio serve rules/ --write-back', 'rule-studio serve --no-open --port 7070 workflow.yaml'],
  exitCodes: 'exit codes: 0 stopped (Ctrl+C), 2 unreadable input, no built studio, or bad usage',
  run: async (args, ctx) => (await import('./serveRun.ts')).runServe(args, ctx),
});
