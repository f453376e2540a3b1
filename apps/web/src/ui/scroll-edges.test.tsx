import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollEdges } from './scroll-edges.ts';

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
