/**
 * Simulate, when the chosen agent is Codex rules or Gemini CLI policies: those are decided by the
 * dialect's own engine in the Policy view (every call of the loaded sessions, its decision and the
 * rule that made it), not replayed here. Says so, with the button that goes there, instead of a
 * blank profile and a run that fails on the session's lines.
 */
import { Button } from '../components/ui/Button.tsx';
import { useUiStore } from '../state/uiContext.tsx';

export function PolicyElsewhere({ dialect }: { dialect: 'Codex' | 'Gemini CLI' }) {
  const ui = useUiStore();
  return (
    <div className="sim-elsewhere" role="note" aria-label="Decided in the Policy view">
      <h2>{dialect} rules are decided in the Policy view</h2>
      <p className="muted">
        {dialect}’s own engine decides each call of your sessions there: its decision, the rule that made it (file:line), and what an edit of a rule would change. Save as test pins a session’s decisions.
      </p>
      <Button variant="primary" label="Open the Policy view" onClick={() => ui.getState().showPolicy()} />
    </div>
  );
}
