import { defineCommand } from '../registry.ts';

/** `describe <file>`: the usage-description block of each agent, separated by a blank line. */
export const describeCommand = defineCommand({
  name: 'describe',
  summary: 'usage descriptions of each agent (what the rules tell the model)',
  positionals: { name: '<file>', noun: 'file', description: 'an agent rule file', min: 1, max: 1 },
  options: [],
  examples: ['rule-studio describe agent.toml'],
  exitCodes: 'exit codes: 0 described, 1 the file has errors or no agents to describe, 2 unreadable input or bad usage',
  // The implementation (and the core it needs) is loaded only when the command runs.
  run: async (args, ctx) => (await import('./describeRun.ts')).runDescribe(args, ctx),
});
