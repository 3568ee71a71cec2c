/** Codec and `check` figures (median CPU time of runs): TOML write + read of 20,000 rules, and full `check` runs. */
import { loadRuleFile } from '../src/core/codecs/load.ts';
import { writeAgentsToml } from '../src/core/codecs/write/agentsToml.ts';
import { writeWorkflowYaml } from '../src/core/codecs/write/workflowYaml.ts';
import { checkLoadedFile } from '../src/core/check.ts';
import { medianCpu } from './measure.ts';
import { generateAgent, generateWorkflow } from './validate.bench.ts';

export function benchCodecs(): { name: string; ms: number }[] {
  const agent = generateAgent();
  const wf = generateWorkflow();
  const write = medianCpu(5, () => writeAgentsToml([agent]).text);
  const read = medianCpu(5, () => loadRuleFile('big.toml', write.value));
  const yaml = writeWorkflowYaml(wf);
  return [
    { name: `TOML write, ${agent.rules.length.toLocaleString('en-US')} rules`, ms: write.ms },
    { name: `TOML read (parse + positions + model), ${agent.rules.length.toLocaleString('en-US')} rules`, ms: read.ms },
    { name: 'TOML write + read', ms: write.ms + read.ms },
    { name: `check from text: ${agent.rules.length.toLocaleString('en-US')}-rule TOML (read + validate)`, ms: medianCpu(3, () => checkLoadedFile(loadRuleFile('big.toml', write.value))).ms },
    { name: `check from text: ${wf.nodes.length.toLocaleString('en-US')}-node workflow YAML (read + validate)`, ms: medianCpu(3, () => checkLoadedFile(loadRuleFile('big.yaml', yaml))).ms },
  ];
}
