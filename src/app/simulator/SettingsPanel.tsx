/** The replay settings of `traces.md` §5, each showing its default, with Reset. */
import type { ReactNode } from 'react';
import { useSimulation } from './useSimulation.ts';
import { simulationStore } from './simulationStore.ts';
import { defaultForm, formToSettings, type SettingsForm } from './settingsForm.ts';
import { useStudio } from '../state/context.tsx';
import { profileChoices } from './profileChoices.ts';
import { RUN_STEP_BUDGET } from '../../worker/budget.ts';
import { Select } from '../components/ui/Select.tsx';
import { Button } from '../components/ui/Button.tsx';
import { LETTA_FAMILY } from '../../core/model/lettaFamily.ts';

function Choice<K extends keyof SettingsForm>({ name, label, options }: { name: K; label: string; options: readonly string[] }) {
  const form = useSimulation((s) => s.form);
  return (
    <label>
      {label}{' '}
      <Select size="sm" value={String(form[name])} onChange={(v) => simulationStore().getState().setForm({ ...form, [name]: v })} options={options.map((o) => ({ value: o, label: o }))} />
      <span className="sim-default"> (default {String(defaultForm()[name])})</span>
    </label>
  );
}

function NumberField({ name, label, error, hint }: { name: 'dedupeWindowMs' | 'executionTimeoutMs' | 'approveForSeconds' | 'maxSteps'; label: string; error?: string; hint?: string }) {
  const form = useSimulation((s) => s.form);
  return (
    <label>
      {label}{' '}
      <input
        type="text"
        inputMode="numeric"
        size={8}
        value={form[name]}
        aria-invalid={error ? true : undefined}
        onChange={(e) => simulationStore().getState().setForm({ ...form, [name]: e.target.value })}
      />
      <span className="sim-default"> ({hint ?? `default ${defaultForm()[name]}`})</span>
    </label>
  );
}

export function SettingsPanel(): ReactNode {
  const form = useSimulation((s) => s.form);
  const read = formToSettings(form);
  const errors = read.ok ? {} : read.errors;
  const sim = simulationStore().getState();
  const hasLetta = useStudio((s) => s.project.docs.some((d) => d.kind === 'agent' && d.agent.family === 'letta'));
  const profiles = profileChoices(hasLetta, form.profile);
  return (
    <details className="sim-settings">
      <summary>Settings</summary>
      <div className="sim-settings-grid">
        <Choice name="profile" label="Profile" options={profiles} />
        {form.profile === 'letta' ? (
          <label>
            <input type="checkbox" checked={form.errorOnEmpty} onChange={(e) => sim.setForm({ ...form, errorOnEmpty: e.target.checked })} /> Error on empty
            <span className="sim-default"> (default off: Letta offers every tool when the rules leave none)</span>
          </label>
        ) : null}
        {form.profile === 'letta' ? <Choice name="lettaLoop" label="Letta loop" options={['v3', 'v2']} /> : null}
        {form.profile === 'letta' ? (
          <p className="sim-default">
            Profile letta replays {LETTA_FAMILY}: Letta Code has no tool rules (it uses Claude Code-style permissions: open its settings file to replay them).
          </p>
        ) : null}
        <label>
          <input type="checkbox" checked={form.requirePermissions} onChange={(e) => sim.setForm({ ...form, requirePermissions: e.target.checked })} /> Require permissions
          <span className="sim-default"> (default on)</span>
        </label>
        <Choice name="orderingScope" label="Ordering scope" options={['batch', 'process']} />
        <Choice name="startConstraints" label="Start constraints" options={['auto', 'gate']} />
        <Choice name="exitRequirements" label="Exit requirements" options={['auto', 'block']} />
        <Choice name="evaluateOn" label="Evaluate on" options={['next', 'every_event']} />
        <NumberField name="dedupeWindowMs" label="Dedupe window (ms)" {...(errors.dedupeWindowMs ? { error: errors.dedupeWindowMs } : {})} />
        <Choice name="consentDefault" label="Consent default" options={['approve_once', 'approve_scope', 'deny', 'timeout', 'approve_for']} />
        {form.consentDefault === 'approve_for' ? <NumberField name="approveForSeconds" label="Approve for (s)" {...(errors.approveForSeconds ? { error: errors.approveForSeconds } : {})} /> : null}
        <NumberField name="executionTimeoutMs" label="Execution timeout (ms)" {...(errors.executionTimeoutMs ? { error: errors.executionTimeoutMs } : {})} />
        <NumberField
          name="maxSteps"
          label="Stop after (steps)"
          hint={`empty: up to ${RUN_STEP_BUDGET.toLocaleString('en-US')}`}
          {...(errors.maxSteps ? { error: errors.maxSteps } : {})}
        />
      </div>
      {Object.values(errors).length > 0 ? (
        <p className="sim-error" role="alert">
          {Object.values(errors).join(' ')}
        </p>
      ) : null}
      <Button size="sm" label="Reset settings" onClick={() => sim.resetForm()} />
    </details>
  );
}
