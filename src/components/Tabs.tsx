import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Controlled selection; omit to let the tabs keep their own. */
  selectedKey?: string;
  defaultKey?: string;
  onChange?: (key: string) => void;
  /** Accessible name of the tab list, e.g. the dialog's purpose. */
  label?: string;
  /** Stretch the tabs over the full width (dialogs, mobile). */
  fullWidth?: boolean;
  className?: string;
}

/** Keyboard-navigable tabs (arrow keys, Home/End) on headlessui's TabGroup, addressed by key. */
export function Tabs({
  items,
  selectedKey,
  defaultKey,
  onChange,
  label,
  fullWidth = false,
  className = '',
}: TabsProps) {
  const indexOf = (key: string | undefined) =>
    Math.max(
      0,
      items.findIndex((item) => item.key === key),
    );
  const controlled = selectedKey !== undefined ? { selectedIndex: indexOf(selectedKey) } : {};
  return (
    <TabGroup
      {...controlled}
      defaultIndex={indexOf(defaultKey)}
      onChange={(index: number) => {
        const item = items[index];
        if (item) onChange?.(item.key);
      }}
      className={className}
    >
      <TabList
        aria-label={label}
        className={`${fullWidth ? 'flex' : 'inline-flex'} gap-1 rounded-full bg-slate-100 p-1 dark:bg-slate-800`}
      >
        {items.map((item) => (
          <Tab
            key={item.key}
            className={`${fullWidth ? 'flex-1' : ''} rounded-full px-4 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-selected:bg-white data-selected:text-brand-700 data-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-selected:bg-slate-900 dark:data-selected:text-brand-200`}
          >
            {item.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {items.map((item) => (
          <TabPanel key={item.key} className="rounded-xl">
            {item.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
