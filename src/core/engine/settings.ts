/**
 * Replay settings (`traces.md` §5, `tool-rules.md` §3–5, `workflow-rules.md` §3) with their
 * documented defaults.
 */
import { z } from 'zod';

export const ConsentDefault = z.union([
  z.enum(['approve_once', 'approve_scope', 'deny', 'timeout']),
  z.object({ approve_for: z.number().nonnegative() }),
]);
export type ConsentDefault = z.infer<typeof ConsentDefault>;

export const ReplaySettings = z.object({
  profile: z.enum(['spec', 'hegel']).default('spec'),
  orderingScope: z.enum(['batch', 'process']).default('batch'),
  startConstraints: z.enum(['auto', 'gate']).default('auto'),
  exitRequirements: z.enum(['auto', 'block']).default('auto'),
  evaluateOn: z.enum(['next', 'every_event']).default('next'),
  dedupeWindowMs: z.number().int().nonnegative().default(300_000),
  consentDefault: ConsentDefault.default('approve_once'),
  executionTimeoutMs: z.number().int().nonnegative().default(120_000),
  requirePermissions: z.boolean().default(true),
  /** Which agent of the loaded files to run (default: the first). */
  agent: z.string().optional(),
});
export type ReplaySettings = z.infer<typeof ReplaySettings>;
export type ReplaySettingsInput = z.input<typeof ReplaySettings>;

/** Settings with every default filled in. */
export function resolveSettings(input: ReplaySettingsInput = {}): ReplaySettings {
  return ReplaySettings.parse(input);
}
