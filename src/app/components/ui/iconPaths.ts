/** The icons' SVG paths (20×20 grid, stroked), by name. */
export const ICON_PATHS = {
  /** A question mark in a circle: help. */
  help: 'M10 3a7 7 0 1 0 0 14a7 7 0 1 0 0-14M7.8 8a2.3 2.3 0 1 1 3.2 2.1c-.7.3-1 .8-1 1.5v.4M10 14.2v.3',
  undo: 'M4 7h6a4 4 0 1 1 0 8H7M4 7l3-3M4 7l3 3',
  redo: 'M16 7h-6a4 4 0 1 0 0 8h3M16 7l-3-3M16 7l-3 3',
  plus: 'M10 4v12M4 10h12',
  layout: 'M3 4h5v4H3zM12 4h5v4h-5zM7.5 12h5v4h-5zM5.5 8v2h9V8M10 10v2',
  fit: 'M3 7V3h4M13 3h4v4M17 13v4h-4M7 17H3v-4',
  /** A frame with a small frame in its corner: the canvas's minimap. */
  minimap: 'M3 4h14v12H3zM10.5 10h4.5v4h-4.5z',
  trash: 'M4 6h12M8 6V4h4v2M6 6l1 11h6l1-11',
  /** Two sheets, one over the other: duplicate, copy. */
  duplicate: 'M7 7h10v10H7zM13 7V3H3v10h4',
  play: 'M6 4l10 6-10 6z',
  pause: 'M6 4h3v12H6zM11 4h3v12h-3z',
  prev: 'M13 4l-6 6 6 6',
  next: 'M7 4l6 6-6 6',
  first: 'M5 4v12M15 4l-6 6 6 6',
  last: 'M15 4v12M5 4l6 6-6 6',
  more: 'M4 10h.01M10 10h.01M16 10h.01',
  close: 'M5 5l10 10M15 5L5 15',
  info: 'M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM10 9v4.5M10 6.5h.01',
  alert: 'M10 3l8 14H2zM10 8.5v3.5M10 14.5h.01',
  chevronLeft: 'M12 5l-5 5 5 5',
  chevronRight: 'M8 5l5 5-5 5',
  chevronDown: 'M5 8l5 5 5-5',
  chevronUp: 'M5 12l5-5 5 5',
  present: 'M3 4h14v9H3zM10 13v3M7 17h6',
  link: 'M8 12l4-4M7 9l-2 2a3 3 0 0 0 4 4l2-2M13 11l2-2a3 3 0 0 0-4-4L9 7',
  connect: 'M5 10h8M10 6l4 4-4 4M3 10h.01',
  search: 'M9 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM13.5 13.5L17 17',
  import: 'M10 3v9M6 8l4 4 4-4M4 15h12',
  export: 'M10 12V3M6 7l4-4 4 4M4 15h12',
  file: 'M5 3h7l3 3v11H5zM12 3v3h3',
  examples: 'M3 5h6v11H3zM11 5h6v11h-6z',
  theme: 'M10 3a7 7 0 1 0 0 14V3z',
  check: 'M4 10l4 4 8-8',
  edit: 'M4 16l.8-3.6L13 4.2l2.8 2.8-8.2 8.2zM11.4 5.8l2.8 2.8',
  learn: 'M10 3l1.6 4.4L16 9l-4.4 1.6L10 15l-1.6-4.4L4 9l4.4-1.6z',
  /** A bell: the folded notices' counter. */
  bell: 'M6 13V9a4 4 0 0 1 8 0v4l1.5 2h-11zM8.5 17h3',
  /** Arrows pointing in to a bar: shrink (the minimiser). */
  shrink: 'M10 2v5M7.5 4.5L10 7l2.5-2.5M10 18v-5M7.5 15.5L10 13l2.5 2.5M4 10h12',
  /** Two chevrons up: maximise a panel (its room grows upwards). */
  panelMaximise: 'M5 10l5-5 5 5M5 15l5-5 5 5',
  /** Two chevrons down: restore a maximised panel's size. */
  panelRestore: 'M5 5l5 5 5-5M5 10l5 5 5-5',
} as const;

export type IconName = keyof typeof ICON_PATHS;
