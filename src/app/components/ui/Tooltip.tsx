/**
 * A tooltip on the Radix Tooltip primitive: shown on hover and on keyboard focus, announced as the
 * trigger's description. `content` is plain text (use `stripCodeMarks` for core messages); the
 * optional `shortcut` is drawn as a key cap after it.
 */
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement } from 'react';
import { useLandmarkPortal } from './landmarkPortal.ts';
import './ui.css';

export function Tooltip({ content, shortcut, side = 'bottom', children }: { content: string; shortcut?: string; side?: 'top' | 'bottom' | 'left' | 'right'; children: ReactElement }) {
  const { trigger, container, onOpen } = useLandmarkPortal<HTMLButtonElement>();
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={200}>
      <RadixTooltip.Root onOpenChange={onOpen}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal container={container}>
          <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {content}
            {shortcut ? <kbd className="ui-kbd">{shortcut}</kbd> : null}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
