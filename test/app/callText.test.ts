/** A tool call on one line (review11, item 8: "allowed Bash" three times told a class nothing). */
import { describe, expect, it } from 'vitest';
import { callArgumentText, callText, tellingArgumentText } from '../../src/core/traces/callText.ts';
import { eventChip } from '../../src/app/presenter/stageStep.ts';

describe('callText', () => {
  it('names a call by its telling argument: the command, the path, the URL', () => {
    expect(callText('Bash', { command: 'git log --oneline -20', description: 'log' })).toBe('Bash(git log --oneline -20)');
    expect(callText('Read', { file_path: 'src/app.ts' })).toBe('Read(src/app.ts)');
    expect(callText('WebFetch', { prompt: 'x', url: 'https://docs.python.org' })).toBe('WebFetch(https://docs.python.org)');
  });
  it('shows the tool alone without a telling argument; callArgumentText falls back to JSON', () => {
    expect(callText('transform', { batch: 1 })).toBe('transform');
    expect(callText('load', undefined)).toBe('load');
    expect(tellingArgumentText({ batch: 1 })).toBeUndefined();
    expect(callArgumentText({ batch: 1 })).toBe('{"batch":1}');
    expect(callArgumentText({})).toBeUndefined();
  });
  it('puts a long or multi-line argument on one line, cut with an ellipsis', () => {
    expect(callText('Bash', { command: 'npm test &&\n  npm run build' })).toBe('Bash(npm test && npm run build)');
    expect(callText('Bash', { command: 'x'.repeat(50) }, 10)).toBe(`Bash(${'x'.repeat(9)}…)`);
  });
  it('the presenter strip labels a call chip with it', () => {
    expect(eventChip({ type: 'tool_call', time: 0, tool: 'Bash', args: { command: 'npm test && npm run build' } } as never)).toBe('Bash(npm test && npm run build)');
    expect(eventChip({ type: 'tool_call', time: 0, tool: 'load', args: {} } as never)).toBe('load');
  });
});
