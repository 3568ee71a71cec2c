/**
 * The four conformance cases that exercise the tool engine, with their agents built by hand (the
 * codecs are not used here). Each case is checked twice: against the case file's own `expect`
 * (fields named there must match, position by position, and the streams have the same length), and
 * against the whole decision stream written out from the spec.
 */
import { readFileSync } from 'node:fs';
import { conformanceCase } from '../data/paths.ts';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/core/model/toolRules.ts';
import type { ReplaySettingsInput } from '../../src/core/engine/settings.ts';
import { agent, parseJsonl, replay, type Decided } from './helpers.ts';

interface Case {
  trace: string;
  options: ReplaySettingsInput;
  expect: Record<string, unknown>[];
}

const loadCase = (name: string): Case =>
  JSON.parse(readFileSync(conformanceCase(name), 'utf8')) as Case;

function runCase(name: string, a: Agent): Decided[] {
  const c = loadCase(name);
  const got = replay(a, parseJsonl(c.trace), c.options);
  expect(got).toHaveLength(c.expect.length);
  c.expect.forEach((want, i) => expect(got[i]).toMatchObject(want));
  return got;
}

describe('conformance: cooldown-dedupe-failures', () => {
  const a = agent([
    { tool_name: 'fetch', rule_type: { type: 'Cooldown', value: 10_000 } },
    { tool_name: 'fetch', rule_type: { type: 'MaxCalls', value: 3 } },
  ]);
  it('checks dedupe before cooldown; cooldown and MaxCalls count failed executions', () => {
    expect(runCase('cooldown-dedupe-failures', a)).toEqual([
      { event: 0, kind: 'allowed', tool: 'fetch', outcome: 'error', flow: 'end' },
      { event: 1, kind: 'deduplicated', tool: 'fetch', code: 'Deduplicated', message: 'Duplicate call to fetch within dedupe window' },
      { event: 2, kind: 'blocked', tool: 'fetch', code: 'CooldownActive', rule: 0, message: 'Tool fetch is in cooldown. Remaining: 4.5s' },
      { event: 3, kind: 'allowed', tool: 'fetch', outcome: 'ok', flow: 'end' },
      { event: 4, kind: 'allowed', tool: 'fetch', outcome: 'ok', flow: 'end' },
      { event: 5, kind: 'blocked', tool: 'fetch', code: 'MaxCallsExceeded', rule: 1, message: 'Tool fetch has exceeded maximum calls (3). Current: 3' },
    ]);
  });
});

describe('conformance: etl-auto-start-and-exit', () => {
  const a = agent(
    [
      { tool_name: 'connect_db', rule_type: { type: 'StartConstraint' }, priority: 10 },
      { tool_name: 'extract', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['connect_db'], priority: 8 },
      { tool_name: 'transform', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['extract'], priority: 7 },
      { tool_name: 'load', rule_type: { type: 'RequiresPrecedingTools' }, conditions: ['transform'], priority: 6 },
      { tool_name: 'disconnect_db', rule_type: { type: 'RequiredBeforeExit' }, priority: 9 },
    ],
    ['connect_db', 'extract', 'transform', 'load', 'disconnect_db'],
  );
  it('runs the start tool automatically, enforces order and runs the exit requirement', () => {
    expect(runCase('etl-auto-start-and-exit', a)).toEqual([
      { event: 0, kind: 'auto', tool: 'connect_db', reason: 'start_constraint', outcome: 'ok', flow: 'end' },
      {
        event: 1,
        kind: 'blocked',
        tool: 'transform',
        code: 'PrerequisitesNotMet',
        rule: 2,
        message: 'Tool transform cannot be executed: prerequisites ["extract"] not met. Executed tools: ["connect_db"]',
      },
      { event: 2, kind: 'allowed', tool: 'extract', outcome: 'ok', flow: 'end' },
      { event: 3, kind: 'allowed', tool: 'transform', outcome: 'ok', flow: 'end' },
      { event: 4, kind: 'allowed', tool: 'load', outcome: 'ok', flow: 'end' },
      { event: 5, kind: 'auto', tool: 'disconnect_db', reason: 'exit_requirement', outcome: 'ok', flow: 'end' },
      { event: 5, kind: 'exit' },
    ]);
  });
});

describe('conformance: limits-and-exclusive-groups', () => {
  const a = agent([
    { tool_name: '*', rule_type: { type: 'MaxCalls', value: 2 } },
    { tool_name: 'format_json', rule_type: { type: 'ExclusiveGroups', value: [['format_json', 'format_xml']] } },
  ]);
  it('limits each tool separately under a wildcard MaxCalls, binds every group member, resets per batch', () => {
    expect(runCase('limits-and-exclusive-groups', a)).toEqual([
      { event: 0, kind: 'allowed', tool: 'search', outcome: 'ok', flow: 'end' },
      { event: 1, kind: 'allowed', tool: 'search', outcome: 'ok', flow: 'end' },
      { event: 2, kind: 'blocked', tool: 'search', code: 'MaxCallsExceeded', rule: 0, message: 'Tool search has exceeded maximum calls (2). Current: 2' },
      { event: 3, kind: 'allowed', tool: 'format_xml', outcome: 'ok', flow: 'end' },
      {
        event: 4,
        kind: 'blocked',
        tool: 'format_json',
        code: 'ExclusiveGroupViolation',
        rule: 1,
        message:
          'Tool format_json cannot be executed: exclusive group violation. Group ["format_json", "format_xml"] already has executed tools: ["format_xml"]',
      },
      { event: 6, kind: 'allowed', tool: 'format_json', outcome: 'ok', flow: 'end' },
      { event: 7, kind: 'allowed', tool: 'search', outcome: 'ok', flow: 'end' },
    ]);
  });
});

describe('conformance: operations-consent-heartbeat-exit', () => {
  const a = agent(
    [
      { tool_name: 'file', rule_type: { type: 'AllowedOperations', value: ['append', 'read'] } },
      { tool_name: 'shell', rule_type: { type: 'RequiresConsent', value: { scope: 'exec' } } },
      { tool_name: 'send_message', rule_type: { type: 'ExitLoop' } },
    ],
    ['file', 'send_message', 'shell'],
  );
  it('gates operations, answers consent, keeps and expires a grant, ignores calls after exit', () => {
    const denied = { kind: 'denied', tool: 'shell', code: 'PermissionDenied', rule: 1, message: 'Permission denied for tool shell (scope: exec)' };
    expect(runCase('operations-consent-heartbeat-exit', a)).toEqual([
      { event: 0, kind: 'allowed', tool: 'file', outcome: 'ok', flow: 'end' },
      {
        event: 1,
        kind: 'blocked',
        tool: 'file',
        code: 'OperationNotAllowed',
        rule: 0,
        message: "Operation 'patch' not allowed for tool 'file'. Allowed operations: append, read",
      },
      { event: 2, ...denied },
      { event: 3, kind: 'allowed', tool: 'shell', outcome: 'ok', flow: 'end', consent: 'approve_for' },
      { event: 4, kind: 'allowed', tool: 'shell', outcome: 'ok', flow: 'end', consent: 'grant' },
      { event: 5, ...denied },
      {
        event: 6,
        kind: 'not_found',
        tool: 'unknown_tool',
        code: 'NotFound',
        message: 'Tool not found: unknown_tool. Available: ["file", "send_message", "shell"]',
      },
      { event: 7, kind: 'allowed', tool: 'send_message', outcome: 'ok', flow: 'heartbeat' },
      { event: 9, kind: 'allowed', tool: 'send_message', outcome: 'ok', flow: 'exit' },
      { event: 9, kind: 'exit' },
      { event: 10, kind: 'ignored', tool: 'file' },
    ]);
  });
});
