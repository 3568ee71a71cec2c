/**
 * Whether a canvas is on stage (the presenter view): node text at stage size (12 px labels × 1.5 =
 * 18 px at the least), the whole graph when it fits at that size, else the nodes the presenter
 * names in `focus` kept in view by a calm pan, with a minimap of the whole graph.
 */
import { createContext } from 'react';
import { CANVAS_VIEW, type ViewportOptions } from '../layout/viewport.ts';

export interface Stage {
  on: boolean;
  view: ViewportOptions;
  /** The nodes the presenter's current step is about (the current call's node, the deciding rule's): kept in view. */
  focus?: readonly string[] | undefined;
  /**
   * The canvas's pane, in screen pixels, once measured: the graph is laid out for it (`stageLayout.ts`).
   * On stage always; off stage in Simulate only, when the document's layout cannot be read whole.
   */
  pane?: { width: number; height: number } | undefined;
}

/**
 * The stage's zooms: 1.5 reads from the back of a room (18 px text); the whole graph is shown down
 * to 1.0 (12 px labels, node names larger) rather than cut at the pane's edge, past which the view
 * keeps 1.5 and pans to the step.
 */
export const STAGE_VIEW: ViewportOptions = { minZoom: 1.5, maxZoom: 1.8, padding: 32, wholeDownTo: 1 };

/**
 * The band at the stage's left that its zoom controls take, beyond the fit's padding: the controls
 * end 41 px in, and a node is drawn past this band and the padding (52 px in), never under them.
 * (44 px before the padding left 76 px empty at the left of every graph, review14.)
 */
export const STAGE_CONTROLS_BAND = { left: 20 } as const;

export const StageContext = createContext<Stage>({ on: false, view: CANVAS_VIEW });
