/**
 * A tooltip on the Radix Tooltip primitive: shown on hover and on keyboard focus, announced as the
 * trigger's description. `content` is plain text (use `stripCodeMarks` for core messages); the
 * optional `shortcut` is drawn as a key cap after it. A focus the page moves (back to the button
 * of a dialog or view that closed) shows no tooltip: see `focusOrigin.ts`.
 */
import { Tooltip as RadixTooltip } from 'radix-ui';
import { cloneElement, type FocusEvent, type ReactElement } from 'react';
import { useLandmarkPortal } from './landmarkPortal.ts';
import { focusFromNavigation } from './focusOrigin.ts';
import './ui.css';

type FocusProps = { onFocus?: (e: FocusEvent<HTMLElement>) => void };

/**
 * The trigger with a focus handler that keeps Radix from opening the tooltip for a focus the page
 * moved: Radix skips its own handler when the child's has prevented the default.
 */
function withNavigationFocus(child: ReactElement<FocusProps>): ReactElement<FocusProps> {
  const own = child.props.onFocus;
  return cloneElement(child, {
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own?.(e);
      if (!focusFromNavigation(e.timeStamp)) e.preventDefault();
    },
  });
}

export function Tooltip({ content, shortcut, side = 'bottom', children }: { content: string; shortcut?: string; side?: 'top' | 'bottom' | 'left' | 'right'; children: ReactElement }) {
  const { trigger, container, onOpen } = useLandmarkPortal<HTMLButtonElement>();
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={200}>
      <RadixTooltip.Root onOpenChange={onOpen}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {withNavigationFocus(children as ReactElement<FocusProps>)}
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
