/**
 * A project: several agents and workflows (and, later, traces), with a schema version for
 * bundles.
 */
import { z } from 'zod';
import { Agent } from './toolRules.ts';
import { Workflow } from './workflow.ts';

export const PROJECT_SCHEMA_VERSION = 1;

export const Project = z.object({
  schemaVersion: z.literal(PROJECT_SCHEMA_VERSION),
  name: z.string(),
  agents: z.array(Agent).default([]),
  workflows: z.array(Workflow).default([]),
});
export type Project = z.infer<typeof Project>;
