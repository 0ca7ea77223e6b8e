import { Flex } from 'antd';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './profile.css';

type Tab = { key: string; label: string };

/**
 * The tabs of a creator's page. antd's Tabs fold the tabs that do not fit a phone into a "more"
 * button placed inside the tablist, which then holds something that is not a tab (axe
 * aria-required-children). These wrap onto a second line instead, and follow the WAI-ARIA tabs
 * pattern: one tab in the Tab order, arrows, Home and End move between them and show each.
 */
export function ProfileTabs({
  tabs,
  active,
  onChange,
  label,
  extra,
  children,
}: {
  tabs: Tab[];
  active: string;
  onChange: (key: string) => void;
  label: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onChange(tab.key);
    buttons.current.get(tab.key)?.focus();
  };
  return (
    <>
      <Flex gap={8} align="center" justify="space-between" wrap className="profile-tabs-bar">
        <div role="tablist" aria-label={label} className="profile-tabs">
          {tabs.map((tab, index) => (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) buttons.current.set(tab.key, node);
                else buttons.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-${tab.key}`}
              aria-selected={tab.key === active}
              aria-controls={`${id}-panel`}
              tabIndex={tab.key === active ? 0 : -1}
              className="profile-tab"
              onClick={() => onChange(tab.key)}
              onKeyDown={(event) => move(event, index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {extra}
      </Flex>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`} className="profile-tab-panel">
        {children}
      </div>
    </>
  );
}
