import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fusionIds, material, twoSlotFusion } from '../../../test/fusions-fixtures.ts';
import dialogCss from '../../../ui/dialog.module.css?raw';
import { BurnDialog } from './burn-dialog.tsx';
import burnDialogCss from './burn-dialog.module.css?raw';

/** A sheet's rules, comments left out: the selector and the declarations of each. */
function rulesOf(css: string) {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(
    ([, selector = '', body = '']) => ({ selector: selector.trim(), body }),
  );
}

describe('BurnDialog', () => {
  // Review on a phone (390x844): the list of what burns scrolled on its own with nothing in it that takes focus, so a
  // keyboard could not scroll it (axe: scrollable-region-focusable, serious), and the 5th and 6th of six editions and
  // the warning below them were out of its reach.
  it('scrolls as one dialog, so the keyboard reaches every edition and the warning', () => {
    const squires = [12, 13, 14, 15].map((serialNumber) => material(serialNumber));
    const knights = [7, 8].map((serialNumber) =>
      material(serialNumber, { product: { id: fusionIds.knightProduct, name: 'Pixel Knight', rarity: 'RARE' } }),
    );
    const fusion = twoSlotFusion();
    const [squireSlot, rareSlot] = fusion.slots;
    render(
      <BurnDialog
        fusion={fusion}
        chosen={{ [squireSlot!.id]: squires, [rareSlot!.id]: knights }}
        isOpen
        isFusing={false}
        onConfirm={() => undefined}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Burn these editions?' });
    const list = within(dialog).getByRole('list', { name: 'Editions to burn' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();

    // Nothing in the confirmation is a scroll region of its own (one would need focus, a role and a name)...
    const ownScrolls = rulesOf(burnDialogCss).filter(({ body }) =>
      /(^|[\s;])(overflow(-[xy])?\s*:\s*(auto|scroll)|max-height\s*:)/.test(body),
    );
    expect(ownScrolls.map(({ selector }) => selector)).toEqual([]);
    // ...because the dialog scrolls as a whole, and its buttons (Close first) take the focus that scrolls it.
    const dialogRule = rulesOf(dialogCss).find(({ selector }) => selector === '.dialog');
    expect(dialogRule?.body).toMatch(/overflow(-y)?\s*:\s*auto/);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
