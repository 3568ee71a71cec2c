/** The open dialog, if any (examples gallery, command palette, two-tab conflict). */
export function Dialogs() {
  return null;
}
