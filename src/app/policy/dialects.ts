/**
 * The Policy view's dialect hook: each permission dialect (Claude Code settings, Codex
 * execpolicy, and next Gemini CLI policies) plugs in as one {@link PolicyDialect}. The view shows
 * the dialects whose files the project holds: one alone, or a switch between them when there are
 * several. To add a dialect: a `present` test over the project's documents and a `view` that
 * reads the documents and traces from the store (see `CodexPolicyView.tsx`), then add it to
 * `POLICY_DIALECTS` in `PolicyView.tsx`.
 */
import type { ComponentType } from 'react';
import type { RuleDoc } from '../state/documents.ts';

export interface PolicyDialect {
  /** Stable id (`claude`, `codex`, …). */
  id: string;
  /** The name the switch shows: `Claude Code`, `Codex`. */
  label: string;
  /** True when the project holds this dialect's rule files. */
  present: (docs: readonly RuleDoc[]) => boolean;
  /** The view (it reads the project from the store). */
  view: ComponentType;
}

/** True when some document is an agent of `family`. */
export const hasFamily = (docs: readonly RuleDoc[], family: string): boolean => docs.some((d) => d.kind === 'agent' && d.agent.family === family);
