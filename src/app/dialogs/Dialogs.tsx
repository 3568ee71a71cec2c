/**
 * The open dialog, if any: the examples gallery, the two-tab conflict, Add rule's type picker, the
 * keyboard connect (of tools, or of phases), the help, or the command palette.
 * The palette belongs to the canvas work: it is loaded lazily from
 * `src/app/components/CommandPalette.tsx` when that file exists (named export `CommandPalette`
 * or default), and renders nothing otherwise.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useUi, useUiStore } from '../state/uiContext.tsx';
import { loadCodecs } from '../state/codecs.ts';
import { Modal } from './Modal.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { ConvertDialog } from '../convert/ConvertDialog.tsx';
import { AddRuleDialog } from './AddRuleDialog.tsx';
import { ConnectDialog } from './ConnectDialog.tsx';
import { ConnectPhaseDialog } from './ConnectPhaseDialog.tsx';
import { Loading } from '../components/ui/Loading.tsx';
import { HelpDialog } from './HelpDialog.tsx';

// The gallery draws a preview of every example, so it comes with the rule-file readers (both
// loaded when first opened, not with the page).
const ExamplesDialog = lazy(() => Promise.all([import('./ExamplesDialog.tsx'), loadCodecs()]).then(([m]) => ({ default: m.ExamplesDialog })));

type PaletteModule = { CommandPalette?: ComponentType; default?: ComponentType };
const paletteLoader = Object.values(import.meta.glob<PaletteModule>('../components/CommandPalette.tsx'))[0];
const Palette = paletteLoader
  ? lazy(async () => {
      const m = await paletteLoader();
      return { default: m.CommandPalette ?? m.default ?? (() => null) };
    })
  : undefined;

export function Dialogs() {
  return (
    <>
      <OpenDialog />
      <ConvertDialog />
    </>
  );
}

function OpenDialog() {
  const dialog = useUi((s) => s.dialog);
  switch (dialog) {
    case 'examples':
      return (
        <Suspense fallback={<ExamplesLoading />}>
          <ExamplesDialog />
        </Suspense>
      );
    case 'conflict':
      return <ConflictDialog />;
    case 'add-rule':
      return <AddRuleDialog />;
    case 'connect':
      return <ConnectDialog />;
    case 'connect-phase':
      return <ConnectPhaseDialog />;
    case 'help':
      return <HelpDialog />;
    case 'palette':
      return Palette ? (
        <Suspense fallback={null}>
          <Palette />
        </Suspense>
      ) : null;
    default:
      return null;
  }
}

/** The gallery's frame while its code loads: the same modal, so it opens in place. */
function ExamplesLoading() {
  const ui = useUiStore();
  return (
    <Modal title="Examples" onClose={() => ui.getState().closeDialog()} className="modal-wide">
      <Loading label="Loading the examples" block />
    </Modal>
  );
}
