/**
 * Whether a canvas is on stage (the presenter view): fits keep text at stage size (12 px labels ×
 * 1.5 = 18 px) and follow the current step; the minimap is left out.
 */
import { createContext } from 'react';
import { CANVAS_VIEW, type ViewportOptions } from '../layout/viewport.ts';

export interface Stage {
  on: boolean;
  view: ViewportOptions;
}

export const STAGE_VIEW: ViewportOptions = { minZoom: 1.5, maxZoom: 1.8, padding: 48 };

export const StageContext = createContext<Stage>({ on: false, view: CANVAS_VIEW });
