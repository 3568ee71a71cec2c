/**
 * Tabs on the Radix Tabs primitive: `TabList` of `Tab`s, each with its `TabPanel`; ←/→ move
 * between tabs (automatic activation). The panels scroll inside themselves.
 */
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import './ui.css';

const cls = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cls('ui-tabs', className)} {...props} />;
}
export function TabList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cls('ui-tab-list', className)} {...props} />;
}
export function Tab({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cls('ui-tab', className)} {...props} />;
}
export function TabPanel({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cls('ui-tab-panel', className)} {...props} />;
}
