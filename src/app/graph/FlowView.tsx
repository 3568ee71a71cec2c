/**
 * The React Flow surface shared by the tool and workflow canvases: local node state for smooth
 * dragging (positions are stored on drag stop), selection mapped to the store, Delete and arrow
 * keys, and a fit to the selected node when the selection comes from elsewhere (Problems).
 */
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type EdgeTypes,
  type Node,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react';
import type { XY } from '../state/documents.ts';
import { reconcileNodes } from './reconcile.ts';
import { ARROW_STEP, arrowDirection, isTextTarget } from './keys.ts';

export interface FlowViewProps<N extends Node, E extends Edge> {
  nodes: N[];
  edges: E[];
  nodeTypes: NodeTypes;
  edgeTypes: EdgeTypes;
  /** A node to bring into view, once per key (an external selection). */
  focus?: { node: string; key: object } | undefined;
  selectedNode?: string | undefined;
  onSelectNode(id: string): void;
  onSelectEdge(id: string): void;
  onClearSelection(): void;
  onMoveNodes(positions: Record<string, XY>, key: string): void;
  onConnect(connection: Connection): void;
  isValidConnection?(c: Connection | Edge): boolean;
  onDeleteSelection(): void;
}

export function FlowView<N extends Node, E extends Edge>(props: FlowViewProps<N, E>) {
  const { fitView } = useReactFlow();
  const [nodes, setNodes] = useState<N[]>(props.nodes);
  const [source, setSource] = useState(props.nodes);
  if (source !== props.nodes) {
    setSource(props.nodes);
    setNodes(reconcileNodes(nodes, props.nodes));
  }

  const { onSelectNode, onSelectEdge, onMoveNodes } = props;
  const onNodesChange = useCallback(
    (changes: NodeChange<N>[]) => {
      let picked: string | undefined;
      const local: NodeChange<N>[] = [];
      for (const c of changes) {
        if (c.type === 'select') {
          if (c.selected) picked = c.id;
        } else if (c.type === 'position' || c.type === 'dimensions') local.push(c);
      }
      if (local.length > 0) setNodes((ns) => applyNodeChanges(local, ns));
      if (picked !== undefined) onSelectNode(picked);
    },
    [onSelectNode],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<E>[]) => {
      for (const c of changes) if (c.type === 'select' && c.selected) onSelectEdge(c.id);
    },
    [onSelectEdge],
  );
  const onNodeDragStop = useCallback(
    (_e: unknown, _node: N, dragged: N[]) => {
      const positions: Record<string, XY> = {};
      for (const n of dragged) positions[n.id] = { x: Math.round(n.position.x), y: Math.round(n.position.y) };
      onMoveNodes(positions, `drag:${Object.keys(positions).join(',')}`);
    },
    [onMoveNodes],
  );

  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (isTextTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      e.stopPropagation();
      props.onDeleteSelection();
      return;
    }
    const dir = arrowDirection(e.key);
    const id = props.selectedNode;
    const node = id !== undefined ? nodes.find((n) => n.id === id) : undefined;
    if (!dir || !node) return;
    e.preventDefault();
    e.stopPropagation();
    const step = ARROW_STEP * (e.shiftKey ? 5 : 1);
    const position = { x: Math.round(node.position.x + dir.x * step), y: Math.round(node.position.y + dir.y * step) };
    onMoveNodes({ [node.id]: position }, `move:${node.id}`);
  };

  const focus = props.focus;
  useEffect(() => {
    if (focus === undefined) return;
    void fitView({ nodes: [{ id: focus.node }], duration: 300, maxZoom: 1.2, padding: 0.4 });
    // Once per key: the key is the selection object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.key, fitView]);

  return (
    <div className="rs-flow" onKeyDownCapture={onKeyDownCapture}>
      <ReactFlow<N, E>
        nodes={nodes}
        edges={props.edges}
        nodeTypes={props.nodeTypes}
        edgeTypes={props.edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onConnect={props.onConnect}
        {...(props.isValidConnection ? { isValidConnection: props.isValidConnection } : {})}
        onPaneClick={props.onClearSelection}
        deleteKeyCode={null}
        multiSelectionKeyCode={null}
        selectionKeyCode={null}
        onlyRenderVisibleElements
        fitView
        minZoom={0.05}
        maxZoom={2}
        colorMode="system"
      >
        <Background gap={24} />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel="Minimap" />
      </ReactFlow>
    </div>
  );
}
