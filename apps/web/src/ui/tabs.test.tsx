import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const items = [
  { id: 'now', label: 'Available now', panel: 'Open drops' },
  { id: 'next', label: 'Upcoming', panel: 'Next drops' },
  { id: 'done', label: 'Completed', panel: 'Past drops' },
];

describe('Tabs', () => {
  it('puts only the selected tab in the tab order and links it to its panel', () => {
    render(<Tabs label="Drop status" items={items} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Open drops');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
  });

  it('moves and selects with the arrow keys, wrapping, and with Home and End', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Drop status" items={items} />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Available now');

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Upcoming');
    expect(screen.getByRole('tabpanel').textContent).toBe('Next drops');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Completed');

    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Available now');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Completed');
  });
});
