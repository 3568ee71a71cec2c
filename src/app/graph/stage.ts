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
}

export const STAGE_VIEW: ViewportOptions = { minZoom: 1.5, maxZoom: 1.8, padding: 32 };

export const StageContext = createContext<Stage>({ on: false, view: CANVAS_VIEW });
