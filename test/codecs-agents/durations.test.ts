import { describe, expect, it } from 'vitest';
import { readDuration } from '../../src/core/codecs/read/agentsDuration.ts';
import { brief, readToml } from './helpers.ts';

describe('readDuration', () => {
  it('reads every form into milliseconds', () => {
    expect(readDuration(30)).toEqual({ ok: true, ms: 30000, form: 'seconds' });
    expect(readDuration(1.5)).toEqual({ ok: true, ms: 1500, form: 'float' });
    expect(readDuration(1.001)).toEqual({ ok: true, ms: 1001, form: 'float' });
    expect(readDuration({ secs: 1, nanos: 500000000 })).toEqual({ ok: true, ms: 1500, form: 'secs_nanos' });
    expect(readDuration({ secs: 2, nanos: 999999 })).toEqual({ ok: true, ms: 2000, form: 'secs_nanos' });
    expect(readDuration('500ms')).toEqual({ ok: true, ms: 500, form: 'string' });
    expect(readDuration('30s')).toEqual({ ok: true, ms: 30000, form: 'string' });
    expect(readDuration('5m')).toEqual({ ok: true, ms: 300000, form: 'string' });
    expect(readDuration('1h')).toEqual({ ok: true, ms: 3600000, form: 'string' });
  });

  it('refuses what is not a duration', () => {
    for (const bad of [-1, Infinity, '5 days', '-3s', { secs: -1 }, { secs: 1, nanos: 1e9 }, { secs: 1, extra: 1 }, [], null, true, 1e300]) {
      expect(readDuration(bad).ok).toBe(false);
    }
  });
});

describe('durations in rules', () => {
  const read = (v: string) => readToml(`name = "a"\n\n[[tool_rules]]\ntool_name = "t"\nrule_type = { type = "Cooldown", value = ${v} }\n`);

  it('integer seconds is Pattern\'s form: no diagnostic', () => {
    const r = read('30');
    expect(r.diagnostics).toEqual([]);
    expect(r.agents[0]?.rules[0]?.rule_type).toEqual({ type: 'Cooldown', value: 30000 });
  });

  it('anything but whole seconds gets F010 naming the exported value', () => {
    const r = read('"500ms"');
    expect(r.agents[0]?.rules[0]?.rule_type).toEqual({ type: 'Cooldown', value: 500 });
    expect(brief(r.diagnostics)).toEqual(['F010 info 5:34']);
    expect(r.diagnostics[0]?.message).toBe(
      'Cooldown duration "500ms" of `t` is a string, not whole seconds: read as 500 ms; Pattern\'s config holds whole seconds, so TOML export writes value = 1.',
    );
    expect(read('1.5').diagnostics[0]?.message).toContain('is float seconds, not whole seconds: read as 1500 ms');
    expect(read('{ secs = 1, nanos = 500000000 }').diagnostics[0]?.message).toContain("is Pattern's runtime { secs, nanos } form, not whole seconds: read as 1500 ms");
  });

  it('a whole-seconds string still says what export writes', () => {
    const r = read('"5m"');
    expect(r.agents[0]?.rules[0]?.rule_type).toEqual({ type: 'Cooldown', value: 300000 });
    expect(r.diagnostics[0]?.message).toBe('Cooldown duration "5m" of `t` is a string: read as 300000 ms; export writes value = 300.');
  });

  it('a bad duration is F003 at the value and drops the rule', () => {
    const r = read('"soon"');
    expect(brief(r.diagnostics)).toEqual(['F003 error 5:34']);
    expect(r.agents[0]?.rules).toEqual([]);
  });
});
