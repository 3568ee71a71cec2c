/**
 * One-shot focus requests from an action to the Inspector field that will show its result: after
 * Add tool / Add phase the new node's Name field takes the focus with its text selected, so typing
 * names the node (as in Figma or Stately) instead of reaching the canvas's single-key shortcuts
 * (`C` for Connect); after Add rule the new rule's first field that needs a value does. The action
 * asks; the field answers once.
 */

/** A request a field answers once; unanswered within a second (the Inspector is folded), it is forgotten. */
function oneShot() {
  let pending: string | undefined;
  return {
    request(key: string): void {
      pending = key;
      // forgotten, so a later visit does not steal the focus
      setTimeout(() => {
        if (pending === key) pending = undefined;
      }, 1000);
    },
    take(key: string): boolean {
      if (pending !== key) return false;
      pending = undefined;
      return true;
    },
  };
}

const names = oneShot();
const rules = oneShot();

/**
 * The undo key of renaming node `name` of document `docId`. Add tool / Add phase record the new node
 * with it, holding (see `EditOptions.holds`): the name then typed joins the adding's undo step.
 */
export const renameKey = (docId: string, name: string): string => `rename:${docId}:${name}`;

/** Asks the Inspector's Name field for `name` to take the focus when it next shows. */
export const requestNameFocus = (name: string): void => names.request(name);

/** True once for the field showing the requested name (which then focuses itself). */
export const takeNameFocus = (name: string): boolean => names.take(name);

/** Asks the Inspector of rule `index` of document `docId` to focus its first field that needs a value. */
export const requestRuleFocus = (docId: string, index: number): void => rules.request(`${docId}#${index}`);

/** True once for the Inspector showing the requested rule. */
export const takeRuleFocus = (docId: string, index: number): boolean => rules.take(`${docId}#${index}`);
