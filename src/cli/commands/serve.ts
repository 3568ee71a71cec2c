import { defineCommand } from '../registry.ts';

/** `serve [files… | folder]`: the studio on 127.0.0.1, opening the given files as the project. */
export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'open the studio in the browser on local files (127.0.0.1 only)',
  positionals: { name: '<paths…>', noun: 'file', description: 'rule files, traces or folders to open as the project', min: 0 },
  options: [
    { kind: 'flag', name: 'no-open', description: 'print the address, do not open a browser', example: '--no-open' },
    { kind: 'flag', name: 'write-back', description: 'write every edit made in the studio to its file as it is made (without it, only Save writes)', example: '--write-back' },
    {
      kind: 'value',
      name: 'port',
      placeholder: '<port>',
      default: 'a free port',
      description: 'the port to listen on (127.0.0.1 only)',
      example: '--port 7070',
      check: (raw) => (/^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535 ? undefined : 'takes a port number from 1 to 65535'),
    },
  ],
  examples: ['rule-studio serve agent.toml', 'rule-studio serve rules/ --write-back', 'rule-studio serve --no-open --port 7070 workflow.yaml'],
  exitCodes: 'exit codes: 0 stopped (Ctrl+C), 2 unreadable input, no built studio, or bad usage',
  run: async (args, ctx) => (await import('./serveRun.ts')).runServe(args, ctx),
});
