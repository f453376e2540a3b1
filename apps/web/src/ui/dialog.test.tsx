import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

function Harness() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Open purchase</Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Confirm purchase"
        description="One pack for $12.50."
        footer={<Button variant="primary">Pay now</Button>}
      />
    </>
  );
}

describe('Dialog', () => {
  it('opens as a labelled modal with focus inside, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open purchase' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toMatch(/\S/);
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to a link to the same place when its opener moved meanwhile, else to the main content', async () => {
    // A pack's card opens its dialog from "Unopened" and is in its rarity's group by the time the dialog closes.
    function MovingOpener({ isLinkKept }: { isLinkKept: boolean }) {
      const [isOpen, setIsOpen] = useState(false);
      const [isOpened, setIsOpened] = useState(false);
      const card = (
        <a href="#pack-1" onClick={() => setIsOpen(true)}>
          Pack 1
        </a>
      );
      return (
        <main id="main" tabIndex={-1}>
          <section aria-label="Unopened">{isOpened ? null : card}</section>
          <section aria-label="Epic">{isOpened && isLinkKept ? card : null}</section>
          <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title="Pack 1">
            <Button onClick={() => setIsOpened(true)}>Open pack</Button>
          </Dialog>
        </main>
      );
    }
    for (const isLinkKept of [true, false]) {
      const user = userEvent.setup();
      const { unmount } = render(<MovingOpener isLinkKept={isLinkKept} />);
      await user.click(screen.getByRole('link', { name: 'Pack 1' }));
      await user.click(screen.getByRole('button', { name: 'Open pack' }));
      await user.keyboard('{Escape}');
      expect(document.activeElement).toBe(
        isLinkKept ? screen.getByRole('region', { name: 'Epic' }).querySelector('a') : screen.getByRole('main'),
      );
      unmount();
    }
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open purchase' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const pay = screen.getByRole('button', { name: 'Pay now' });

    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(pay);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(pay);
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open purchase' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  // Seen closing a fusion at 390 px (session 36): a confirmation with nothing but nulls below its words had an empty
  // body, a gap above its buttons.
  it('draws no body for children that render nothing, and one for those that do', () => {
    const { rerender } = render(
      <Dialog isOpen onClose={() => undefined} title="Close now?" description="It ends at once.">
        {null}
        {undefined}
        {false}
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect([...dialog.children].map((child) => child.tagName)).toEqual(['DIV', 'P']);
    rerender(
      <Dialog isOpen onClose={() => undefined} title="Close now?" description="It ends at once.">
        {null}
        <p>Three collectors are fusing.</p>
      </Dialog>,
    );
    expect([...dialog.children].map((child) => child.tagName)).toEqual(['DIV', 'P', 'DIV']);
  });
  it('stays open while busy: Escape, the close button and the backdrop do nothing until the request answers', async () => {
    const user = userEvent.setup();
    function Busy() {
      const [isOpen, setIsOpen] = useState(true);
      const [isBusy, setIsBusy] = useState(true);
      return (
        <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} isBusy={isBusy} title="Paying">
          <Button onClick={() => setIsBusy(false)}>Answer arrives</Button>
        </Dialog>
      );
    }
    render(<Busy />);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close.getAttribute('aria-disabled')).toBe('true');

    await user.keyboard('{Escape}');
    await user.click(close);
    expect(document.activeElement).toBe(close);
    const dialog = screen.getByRole('dialog', { name: 'Paying' });
    await user.click(dialog);
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Answer arrives' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Answer arrives' }));
    expect(close.getAttribute('aria-disabled')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Paying' })).toBeNull();
  });
});
