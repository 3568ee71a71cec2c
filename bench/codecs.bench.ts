/**
 * Codec and `check` figures (median CPU time of runs): TOML write and read of 20,000 rules, their
 * sum against the target (< 300 ms, issue 15.6), and full `check` runs from text.
 */
import { loadRuleFile } from '../src/core/codecs/load.ts';
import { writeAgentsToml } from '../src/core/codecs/write/agentsToml.ts';
import { writeWorkflowYaml } from '../src/core/codecs/write/workflowYaml.ts';
import { checkLoadedFile } from '../src/core/check.ts';
import { medianCpu } from './measure.ts';
import { generateAgent, generateWorkflow } from './validate.bench.ts';

/** One codec figure: median CPU ms of `runs`, and the target it is read against, if any. */
export interface CodecFigure {
  name: string;
  ms: number;
  runs: number[];
  target?: string;
}

export function benchCodecs(): CodecFigure[] {
  const agent = generateAgent();
  const wf = generateWorkflow();
  const rules = agent.rules.length.toLocaleString('en-US');
  const write = medianCpu(7, () => writeAgentsToml([agent]).text);
  const read = medianCpu(7, () => loadRuleFile('big.toml', write.value));
  if (read.value.agents[0]?.rules.length !== agent.rules.length || read.value.diagnostics.length > 0)
    throw new Error('the written TOML did not read back as the same rules');
  const yaml = writeWorkflowYaml(wf);
  const checkToml = medianCpu(3, () => checkLoadedFile(loadRuleFile('big.toml', write.value)));
  const checkYaml = medianCpu(3, () => checkLoadedFile(loadRuleFile('big.yaml', yaml)));
  return [
    { name: `TOML write, ${rules} rules (${(write.value.length / 1048576).toFixed(1)} MB)`, ms: write.ms, runs: write.all },
    { name: `TOML read (parse + model; positions found when first asked for), ${rules} rules`, ms: read.ms, runs: read.all },
    { name: 'TOML write + read (sum of the medians)', ms: write.ms + read.ms, runs: [], target: '< 300 ms' },
    { name: `check from text: ${rules}-rule TOML (read + validate)`, ms: checkToml.ms, runs: checkToml.all },
    { name: `check from text: ${wf.nodes.length.toLocaleString('en-US')}-node workflow YAML (read + validate)`, ms: checkYaml.ms, runs: checkYaml.all },
  ];
}
