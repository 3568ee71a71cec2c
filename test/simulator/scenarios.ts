/** Small agents, workflows and traces whose replays give every decision kind. */
import type { ReplayConfig } from '../../src/core/engine/replay.ts';
import type { TraceItem } from '../../src/core/traces/events.ts';
import { agent, call, ev, workflow } from './helpers.ts';

export interface Scenario {
  items: TraceItem[];
  config: ReplayConfig;
}

/** A data pipeline: start tool, prerequisites, limits, cooldown, groups, operations, consent, exit. */
export const pipelineAgent = agent(
  [
    { tool_name: 'connect', rule_type: { type: 'StartConstraint' }, priority: 10 },
    { tool_name: 'validate', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['extract'] },
    { tool_name: 'fetch', rule_type: { type: 'MaxCalls', value: 2 } },
    { tool_name: 'poll', rule_type: { type: 'Cooldown', value: 10_000 } },
    { tool_name: 'a', rule_type: { type: 'ExclusiveGroups', value: [['a', 'b']] } },
    { tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['read', 'write'] } },
    { tool_name: 'deploy', rule_type: { type: 'RequiresConsent', value: { scope: 'prod' } } },
    { tool_name: 'save', rule_type: { type: 'RequiredBeforeExit' } },
    { tool_name: 'finish', rule_type: { type: 'ExitLoop' } },
    { tool_name: 'lint', rule_type: { type: 'RequiresFollowingTools' }, conditions: ['fetch'] },
    { tool_name: 'poll', rule_type: { type: 'ContinueLoop' } },
    { tool_name: 'sync', rule_type: { type: 'Periodic', value: 60_000 } },
    { tool_name: 'extract', rule_type: { type: 'Needed' } },
  ],
  ['connect', 'validate', 'extract', 'fetch', 'poll', 'a', 'b', 'file', 'deploy', 'save', 'finish', 'lint', 'sync'],
);

export const pipeline: Scenario = {
  config: { agent: pipelineAgent },
  items: [
    call(0, 'validate'), // auto connect, then blocked PrerequisitesNotMet
    call(1, 'fetch', { args: { n: 1 } }),
    call(2, 'fetch', { args: { n: 2 } }),
    call(3, 'fetch', { args: { n: 3 } }), // MaxCallsExceeded
    call(4, 'lint'), // OrderingViolation
    call(5, 'poll'), // allowed, flow continue
    call(10.5, 'poll', { args: { x: 1 } }), // CooldownActive 5.5 s ago
    call(11, 'a'),
    call(12, 'b'), // ExclusiveGroupViolation
    call(13, 'file', { args: { operation: 'delete' } }), // OperationNotAllowed
    call(14, 'deploy', { consent: 'deny' }), // denied
    call(15, 'deploy', { consent: { approve_for: 60 } }), // allowed approve_for
    call(16, 'deploy', { args: { again: true } }), // allowed grant
    call(17, 'fetch', { args: { n: 1 } }), // deduplicated (same args as the first)
    call(18, 'nope'), // not_found
    call(19, 'extract', { duration_ms: 200_000 }), // timeout
    call(70, 'finish'), // periodic_due sync, allowed exit, auto save, exit
    call(71, 'extract'), // ignored
  ],
};

/** Exit requirements in block mode, and the start gate. */
export const gated: Scenario = {
  config: { agent: pipelineAgent, settings: { startConstraints: 'gate', exitRequirements: 'block' } },
  items: [call(0, 'fetch'), ev(1, 'model_end')],
};

/** A spec-profile workflow: start, a blocked move by repeated commands, a transition, an out-of-context error. */
export const flowWorkflow = workflow('code', {
  code: {
    transitions: [['code_complete', 'review']],
    rules: [{ type: 'repeated_command', pattern: '^cargo', threshold: 3, window: 120 }],
  },
  review: { transitions: [['review_complete', 'done']], rules: [{ type: 'token_budget', max_tokens: 1000 }] },
});

export const flow: Scenario = {
  config: { workflow: flowWorkflow },
  items: [
    ev(0, 'next', { claims: ['x'] }), // error: not started
    ev(1, 'workflow_start'),
    ev(2, 'command', { command: 'cargo build' }),
    ev(3, 'command', { command: 'cargo build' }),
    ev(4, 'command', { command: 'cargo test' }),
    ev(5, 'next', { claims: ['code_complete'] }), // interrupt
    ev(6, 'next', { claims: ['code_complete'], force: true }), // transition code → review
    { kind: 'error', line: 9, message: 'line 9: bad JSON' },
  ],
};
