import { hasErrors } from '../../core/check.ts';
import { writeRuleFile } from '../../core/codecs/write.ts';
import { EXIT } from '../context.ts';
import { jsonTermSafe } from '../escape.ts';
import { formatDiagnostic } from '../format.ts';
import { defineCommand } from '../registry.ts';
import { loadFiles } from './loadFiles.ts';

/** `convert <file> --to toml|yaml|json`: normalises and prints the written form. */
export const convertCommand = defineCommand({
  name: 'convert',
  summary: 'print the normalised written form of a rule file',
  positionals: { name: '<file>', noun: 'file', description: 'the rule file to convert', min: 1, max: 1 },
  options: [
    {
      kind: 'value',
      name: 'to',
      choices: ['toml', 'yaml', 'json'],
      required: true,
      description: "the form to write: toml (Pattern's form), yaml or json",
      example: '--to toml',
    },
    {
      kind: 'flag',
      name: 'move-agent-rules',
      description: "in a Pattern agent file, move the [[agent.tool_rules]] Pattern ignores (F011) to the agent's tool_rules, where Pattern reads them",
      example: '--move-agent-rules',
    },
  ],
  examples: [
    'rule-studio convert design.toml --to toml > agent.toml',
    'rule-studio convert agent.toml --to yaml',
    'rule-studio convert agents/anchor.toml --to toml --move-agent-rules',
  ],
  exitCodes: 'exit codes: 0 written, 1 the file has errors (nothing written), 2 unreadable input or bad usage',
  run(args, ctx) {
    const to = args.value('to') as 'toml' | 'yaml' | 'json';
    const [file] = loadFiles(ctx, args.positionals, { moveAgentRules: args.flag('move-agent-rules') });
    if (!file) return EXIT.errors;
    for (const d of file.diagnostics) ctx.err(formatDiagnostic(d));
    if (hasErrors(file.diagnostics)) return EXIT.errors;
    const written = writeRuleFile({ agents: file.agents, workflows: file.workflows }, to);
    for (const d of written.diagnostics) ctx.err(formatDiagnostic({ ...d, file: file.file }));
    // JSON: DEL, C1 and bidi controls as \u escapes (same data); the TOML and YAML writers escape them themselves.
    ctx.out(to === 'json' ? jsonTermSafe(written.text) : written.text);
    return hasErrors(written.diagnostics) ? EXIT.errors : EXIT.ok;
  },
});
