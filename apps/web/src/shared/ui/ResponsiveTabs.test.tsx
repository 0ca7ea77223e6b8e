import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveTabs } from './ResponsiveTabs';

/** jsdom has no matchMedia: a screen as wide as `width`, answering antd's `(min-width: …)` queries. */
const screenOf = (width: number) => {
  window.matchMedia = (query: string) =>
    ({
      matches: Number(/min-width:\s*(\d+)/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY) <= width,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
};

// Nor ResizeObserver, which the tabs and the select measure themselves with.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const items = ['Profile', 'Subscription', 'Documents', 'Messages', 'Notifications', 'Security'].map((label) => ({
  key: label.toLowerCase(),
  label,
  children: <p>{`${label} section`}</p>,
}));

describe('ResponsiveTabs', () => {
  afterEach(() => document.body.replaceChildren());

  it('shows tabs on a wide screen', () => {
    screenOf(1280);
    render(<ResponsiveTabs items={items} activeKey="documents" onChange={() => {}} selectLabel="Section" />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a labelled select and the chosen section on a phone: no tablist to overflow', () => {
    screenOf(390);
    render(<ResponsiveTabs items={items} activeKey="documents" onChange={() => {}} selectLabel="Section" />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText('Section')).toBeTruthy();
    expect(screen.getByText('Documents section')).toBeTruthy();
    expect(screen.queryByText('Profile section')).toBeNull();
  });
});
