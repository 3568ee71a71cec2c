/** Draws a {@link GraphPreview} as a small SVG (decorative: the card's text names the example). */
import type { GraphPreview } from './graphPreview.ts';

export function GraphPreviewImage({ preview }: { preview: GraphPreview | undefined }) {
  if (!preview) return <div className="gallery-preview gallery-preview-empty" aria-hidden="true" />;
  return (
    <svg className="gallery-preview" viewBox={`0 0 ${preview.width} ${preview.height}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">
      {preview.lines.map((l, i) => (
        <line key={i} x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} className="gallery-preview-edge" />
      ))}
      {preview.nodes.map((n) => (
        <rect key={n.id} x={n.x} y={n.y} width={n.width} height={n.height} rx={10} className="gallery-preview-node" />
      ))}
    </svg>
  );
}
