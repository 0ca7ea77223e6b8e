import { Flex, Grid, Select, Tabs } from 'antd';
import { type ReactNode, useId } from 'react';

type Section = { key: string; label: string; children: ReactNode };

/**
 * Sections as tabs on a wide screen; on a phone, where the tabs would overflow into antd's "more"
 * menu (a button inside the tablist, which axe flags as `aria-required-children` and screen
 * readers cannot place), a labelled select above the chosen section.
 */
export function ResponsiveTabs({
  items,
  activeKey,
  onChange,
  selectLabel,
}: {
  items: Section[];
  activeKey: string;
  onChange: (key: string) => void;
  /** Names the select on a phone ("Section", "Group"). */
  selectLabel: string;
}) {
  const phone = Grid.useBreakpoint().md === false;
  const id = useId();
  if (!phone) return <Tabs activeKey={activeKey} onChange={onChange} items={items} />;
  const active = items.find((item) => item.key === activeKey) ?? items[0];
  return (
    <>
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <label htmlFor={id}>{selectLabel}</label>
        <Select id={id} value={active?.key} onChange={onChange} options={items.map((item) => ({ value: item.key, label: item.label }))} />
      </Flex>
      <div key={active?.key}>{active?.children}</div>
    </>
  );
}
