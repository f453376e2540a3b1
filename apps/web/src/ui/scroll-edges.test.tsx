import { fireEvent, render, screen } from '@testing-library/react';
import type { CSSProperties } from 'react';
import { describe, expect, it } from 'vitest';
import { revealInScroll, useScrollEdges } from './scroll-edges.ts';

function Row() {
  return (
    <div ref={useScrollEdges<HTMLDivElement>()} data-testid="row">
      <span>Balance</span>
      <span>Payment methods</span>
    </div>
  );
}

/** happy-dom lays nothing out: give the row the widths a 390 px phone would. */
function sized(element: HTMLElement, widths: { scroll: number; client: number }) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: widths.scroll });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: widths.client });
}

describe('useScrollEdges', () => {
  it('marks the side where content is hidden, and follows the scrolling', () => {
    const { rerender } = render(<Row />);
    const row = screen.getByTestId('row');
    expect(row.hasAttribute('data-more-end')).toBe(false);

    sized(row, { scroll: 600, client: 358 });
    fireEvent.scroll(row);
    expect(row.hasAttribute('data-more-end')).toBe(true);
    expect(row.hasAttribute('data-more-start')).toBe(false);

    row.scrollLeft = 100;
    fireEvent.scroll(row);
    expect(row.hasAttribute('data-more-start')).toBe(true);
    expect(row.hasAttribute('data-more-end')).toBe(true);

    row.scrollLeft = 242;
    fireEvent.scroll(row);
    expect(row.hasAttribute('data-more-start')).toBe(true);
    expect(row.hasAttribute('data-more-end')).toBe(false);
    rerender(<Row />);
    expect(row.hasAttribute('data-more-start')).toBe(true);
  });

  it('marks nothing when everything fits', () => {
    render(<Row />);
    const row = screen.getByTestId('row');
    sized(row, { scroll: 358, client: 358 });
    fireEvent.scroll(row);
    expect(row.hasAttribute('data-more-start')).toBe(false);
    expect(row.hasAttribute('data-more-end')).toBe(false);
  });
});

/** The payment page's six tabs as Chromium lays them out at 390 px: 589 px of tabs in 348, fades of 40 px. */
function PaymentTabs() {
  return (
    <div data-testid="row" style={{ '--scroll-fade': '40px' } as CSSProperties}>
      {['Balance', 'History', 'Purchases', 'Add funds', 'Withdraw', 'Payment methods'].map((name) => (
        <button key={name} type="button">
          {name}
        </button>
      ))}
    </div>
  );
}

function laidOut() {
  render(<PaymentTabs />);
  const row = screen.getByTestId('row');
  const tabs = screen.getAllByRole('button');
  const boxes = [
    [0, 78],
    [82, 72],
    [158, 95],
    [257, 93],
    [354, 87],
    [445, 145],
  ] as const;
  tabs.forEach((tab, index) => {
    Object.defineProperty(tab, 'offsetLeft', { value: boxes[index]![0] });
    Object.defineProperty(tab, 'offsetWidth', { value: boxes[index]![1] });
  });
  sized(row, { scroll: 589, client: 348 });
  return { row, tabs };
}

describe('revealInScroll', () => {
  it('starts the row where a tab starts, with the chosen one clear of both fades', () => {
    const { row, tabs } = laidOut();
    // Centred, Withdraw would start the row at 224, 66 px into Purchases. From Purchases' start (158) it ends at 283,
    // clear of the right fade, and starts 196 px in, clear of the left one; from History's it would not fit.
    revealInScroll(row, tabs[4]!);
    expect(row.scrollLeft).toBe(158);
    revealInScroll(row, tabs[3]!);
    expect(row.scrollLeft).toBe(82);
    revealInScroll(row, tabs[1]!);
    expect(row.scrollLeft).toBe(0);
  });

  it('keeps the chosen tab out from under the fade where more follows', () => {
    const { row, tabs } = laidOut();
    sized(row, { scroll: 589, client: 360 });
    // From the start Add funds would end at 350 of 360: whole, but under the last 40 px, which fade out.
    revealInScroll(row, tabs[3]!);
    expect(row.scrollLeft).toBe(82);
  });

  it('goes to the far end for the last tab, which no tab start shows whole', () => {
    const { row, tabs } = laidOut();
    revealInScroll(row, tabs[5]!);
    expect(row.scrollLeft).toBe(241);
  });

  it('leaves a row that fits alone', () => {
    const { row, tabs } = laidOut();
    sized(row, { scroll: 348, client: 348 });
    revealInScroll(row, tabs[4]!);
    expect(row.scrollLeft).toBe(0);
  });
});
