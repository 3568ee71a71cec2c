/**
 * The replay settings of `traces.md` §5 as a settings form (Radix Form, Label, Select, Switch):
 * each row says what the setting does and its default; a bad number is reported under its field
 * with what is allowed, and the text typed stays. Reset puts every setting back to its default.
 */
import type { ReactNode } from 'react';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { fieldProblem, formToSettings, type SettingsForm } from './settingsForm.ts';
import { settingHelp } from './settingsHelp.ts';
import { useStudio } from '../state/context.tsx';
import { profileChoices } from './profileChoices.ts';
import { Select } from '../components/ui/Select.tsx';
import { Switch } from '../components/ui/Switch.tsx';
import { Button } from '../components/ui/Button.tsx';
import { SettingRow, SettingsForm as Form, SettingsGroup, TextSetting, helpId } from '../components/ui/SettingsForm.tsx';
import { LETTA_FAMILY } from '../../core/model/lettaFamily.ts';
import { profileFor } from '../../core/engine/settings.ts';
import { agentFamilyOf } from './runRequest.ts';

const CLAUDE_HELP = "Claude Code settings replay as Claude Code decides: each call allowed, asked about (the trace's answer, else Consent default) or denied, by the rule that decided it.";

type ChoiceName = 'profile' | 'orderingScope' | 'startConstraints' | 'exitRequirements' | 'evaluateOn' | 'consentDefault' | 'lettaLoop' | 'claudeMode';

const CLAUDE_MODES = [{ value: 'file', label: 'the settings’ defaultMode' }, 'default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'] as const;
type NumberName = 'dedupeWindowMs' | 'executionTimeoutMs' | 'approveForSeconds' | 'maxSteps';

const setForm = (patch: Partial<SettingsForm>) => {
  const sim = simulationStore().getState();
  sim.setForm({ ...sim.form, ...patch });
};

function Choice({ name, label, options, help }: { name: ChoiceName; label: string; options: readonly (string | { value: string; label: string })[]; help?: ReactNode }) {
  const value = useSimulation((s) => s.form[name]);
  const id = `setting-${name}`;
  return (
    <SettingRow id={id} label={label} help={help ?? settingHelp(name)}>
      <Select id={id} size="sm" aria-describedby={helpId(id)} value={value} onChange={(v) => setForm({ [name]: v })} options={options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o))} />
    </SettingRow>
  );
}

function OnOff({ name, label, help }: { name: 'requirePermissions' | 'errorOnEmpty'; label: string; help?: ReactNode }) {
  const value = useSimulation((s) => s.form[name]);
  const id = `setting-${name}`;
  return (
    <SettingRow id={id} label={label} help={help ?? settingHelp(name)}>
      <Switch id={id} aria-describedby={helpId(id)} checked={value} onChange={(v) => setForm({ [name]: v })} />
    </SettingRow>
  );
}

function NumberSetting({ name, label, unit, error, placeholder }: { name: NumberName; label: string; unit: string; error: string | undefined; placeholder?: string }) {
  const value = useSimulation((s) => s.form[name]);
  return <TextSetting name={name} label={label} unit={unit} help={settingHelp(name)} value={value} error={error !== undefined ? fieldProblem(value, error) : undefined} onChange={(v) => setForm({ [name]: v })} inputMode={name === 'approveForSeconds' ? 'decimal' : 'numeric'} {...(placeholder !== undefined ? { placeholder } : {})} />;
}

/** A folder typed as text (Claude Code's working directory and home); empty means its default. */
function PathSetting({ name, label, error, placeholder }: { name: 'claudeCwd' | 'claudeHome'; label: string; error: string | undefined; placeholder: string }) {
  const value = useSimulation((s) => s.form[name]);
  return <TextSetting name={name} label={label} help={settingHelp(name)} value={value} error={error !== undefined ? fieldProblem(value, error) : undefined} onChange={(v) => setForm({ [name]: v })} inputMode="text" placeholder={placeholder} />;
}

export function SettingsPanel(): ReactNode {
  const form = useSimulation((s) => s.form);
  const read = formToSettings(form);
  const errors = read.ok ? {} : read.errors;
  const hasLetta = useStudio((s) => s.project.docs.some((d) => d.kind === 'agent' && d.agent.family === 'letta'));
  const choice = useSimulation((s) => s.choice);
  const family = useStudio((s) => agentFamilyOf(s.project, choice));
  const profiles = profileChoices(family, hasLetta, form.profile);
  const profile = form.profile === 'file' ? profileFor(undefined, { family }) : form.profile;
  const letta = profile === 'letta';
  // Claude Code settings have no start, exit or ordering rules and no dedupe: those settings are not offered.
  const claude = family === 'claude';
  return (
    <div className="sim-settings">
      <div className="sim-settings-head">
        <h3>Replay settings</h3>
        <Button size="sm" variant="ghost" label="Reset settings" title="Put every setting back to its default" onClick={() => simulationStore().getState().resetForm()} />
      </div>
      <Form label="Replay settings">
        <SettingsGroup title="Engine">
          <Choice name="profile" label="Profile" options={profiles} help={claude ? CLAUDE_HELP : undefined} />
          {letta ? <OnOff name="errorOnEmpty" label="Error on empty" /> : null}
          {letta ? <Choice name="lettaLoop" label="Letta loop" options={['v3', 'v2']} /> : null}
          {letta ? <p className="sim-settings-note">Profile letta replays {LETTA_FAMILY}: Letta Code has no tool rules (it uses Claude Code-style permissions: open its settings file to replay them).</p> : null}
          <OnOff name="requirePermissions" label="Require permissions" />
          {claude ? null : <Choice name="orderingScope" label="Ordering scope" options={['batch', 'process']} />}
          {claude ? null : <Choice name="startConstraints" label="Start constraints" options={['auto', 'gate']} />}
          {claude ? null : <Choice name="exitRequirements" label="Exit requirements" options={['auto', 'block']} />}
          <Choice name="evaluateOn" label="Evaluate on" options={['next', 'every_event']} />
        </SettingsGroup>
        {claude ? (
          <SettingsGroup title="Claude Code session">
            <Choice name="claudeMode" label="Permission mode" options={CLAUDE_MODES} />
            <PathSetting name="claudeCwd" label="Working directory" error={errors.claudeCwd} placeholder="the project’s folder" />
            <PathSetting name="claudeHome" label="Home" error={errors.claudeHome} placeholder="/home/user" />
          </SettingsGroup>
        ) : null}
        <SettingsGroup title="Consent">
          <Choice name="consentDefault" label="Consent default" options={['approve_once', 'approve_scope', 'deny', 'timeout', 'approve_for']} />
          {form.consentDefault === 'approve_for' ? <NumberSetting name="approveForSeconds" label="Approve for" unit="s" error={errors.approveForSeconds} /> : null}
        </SettingsGroup>
        <SettingsGroup title="Time and limits">
          {claude ? null : <NumberSetting name="dedupeWindowMs" label="Dedupe window" unit="ms" error={errors.dedupeWindowMs} />}
          <NumberSetting name="executionTimeoutMs" label="Execution timeout" unit="ms" error={errors.executionTimeoutMs} />
          <NumberSetting name="maxSteps" label="Stop after" unit="steps" error={errors.maxSteps} placeholder="no limit" />
        </SettingsGroup>
      </Form>
    </div>
  );
}
