import { describeAgent } from '../../core/describe/usage.ts';
import { EXIT } from '../context.ts';
import { termSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import { defineCommand } from '../registry.ts';
import { loadFiles } from './loadFiles.ts';

/** `describe <file>`: the usage-description block of each agent, separated by a blank line. */
export const describeCommand = defineCommand({
  name: 'describe',
  summary: 'usage descriptions of each agent (what the rules tell the model)',
  positionals: { name: '<file>', noun: 'file', description: 'an agent rule file', min: 1, max: 1 },
  options: [],
  examples: ['rule-studio describe agent.toml'],
  exitCodes: 'exit codes: 0 described, 2 unreadable input or bad usage',
  run(args, ctx) {
    const [file] = loadFiles(ctx, args.positionals);
    if (!file) return EXIT.ok;
    for (const d of file.diagnostics) if (d.severity === 'error') ctx.err(formatDiagnostic(d));
    const blocks = file.agents.map((a) =>
      file.agents.length > 1 ? `<!-- agent: ${a.name} -->\n${describeAgent(a)}` : describeAgent(a),
    );
    if (blocks.length === 0) ctx.err(`${termSafe(file.file)}: no agents with tool rules in this file`);
    else ctx.out(blocks.join('\n').split('\n').map(termSafe).join('\n'));
    return EXIT.ok;
  },
});
