/**
 * Reads the conformance cases (`traces.md` §6) for the reference's unit tests, through the
 * project's rule-file loader and canonical trace reader.
 */
import { readFileSync } from 'node:fs';
import { conformanceCase } from '../data/paths.ts';
import { loadRuleFile } from '../../src/core/codecs/load.ts';
import type { Agent, Workflow } from '../../src/core/model/index.ts';
import { readCanonical } from '../../src/core/traces/index.ts';
import type { TraceEvent } from '../../src/core/traces/index.ts';
import { resolveSettings, type ReplaySettings } from '../../src/core/engine/settings.ts';

export interface ConformanceCase {
  name: string;
  agent?: Agent;
  workflow?: Workflow;
  events: TraceEvent[];
  settings: ReplaySettings;
  expect: Record<string, unknown>[];
}

/** Loads `<name>.case.json` from the project's copy of the shared conformance cases. */
export function loadCase(name: string): ConformanceCase {
  const raw = JSON.parse(readFileSync(conformanceCase(name), 'utf8')) as {
    name: string;
    files: Record<string, string>;
    trace: string;
    options?: Record<string, unknown>;
    expect: Record<string, unknown>[];
  };
  let agent: Agent | undefined;
  let workflow: Workflow | undefined;
  for (const [file, text] of Object.entries(raw.files)) {
    const loaded = loadRuleFile(file, text);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0)
      throw new Error(`${name}/${file}: ${errors.map((d) => d.message).join('; ')}`);
    agent ??= loaded.agents[0];
    workflow ??= loaded.workflows[0];
  }
  const events = readCanonical(raw.trace).flatMap((item) =>
    item.kind === 'event' ? [item.event] : [],
  );
  return {
    name: raw.name,
    ...(agent ? { agent } : {}),
    ...(workflow ? { workflow } : {}),
    events,
    settings: resolveSettings(raw.options ?? {}),
    expect: raw.expect,
  };
}
