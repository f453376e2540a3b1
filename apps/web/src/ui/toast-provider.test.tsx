import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { ToastProvider } from './toast-provider.tsx';
import { useToast } from './use-toast.ts';

function SaveButton({ tone }: { tone: 'success' | 'error' }) {
  const { showToast } = useToast();
  return (
    <Button onClick={() => showToast({ title: tone === 'success' ? 'Saved' : 'Could not save', tone })}>
      Save {tone}
    </Button>
  );
}

afterEach(() => vi.useRealTimers());

describe('ToastProvider', () => {
  it('announces a success toast and removes it after a while', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <SaveButton tone="success" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save success' }).click());
    expect(screen.getByRole('status').textContent).toContain('Saved');

    act(() => vi.advanceTimersByTime(6000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps an error toast until it is dismissed', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton tone="error" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save error' }));
    expect(screen.getByRole('alert').textContent).toContain('Could not save');

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses to work outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SaveButton tone="success" />)).toThrow(/ToastProvider/);
  });

  // The figure base's refusal (c09bf45) and any toast shown while a modal dialog is open: drawn in the page, it sat
  // beneath the dialog's backdrop, out of sight and out of reach until the dialog closed.
  it('draws a toast shown while a modal dialog is open inside it, and back in the page once it closes', async () => {
    const user = userEvent.setup();
    function WithDialog() {
      const [isOpen, setIsOpen] = useState(true);
      return (
        <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title="Place it">
          <SaveButton tone="error" />
        </Dialog>
      );
    }
    render(
      <ToastProvider>
        <WithDialog />
      </ToastProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Place it' });
    await user.click(screen.getByRole('button', { name: 'Save error' }));
    await waitFor(() => expect(dialog.contains(screen.getByRole('alert'))).toBe(true));
    expect(screen.getByRole('alert').textContent).toContain('Could not save');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog.contains(screen.getByRole('alert'))).toBe(false));
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
  });

  // The drop editor's "Delete draft": its toast is shown from the dialog, whose page then leaves with it.
  it('brings a toast back to the page when its dialog leaves the document with its page', async () => {
    const user = userEvent.setup();
    function LeavingPage() {
      const [isHere, setIsHere] = useState(true);
      const { showToast } = useToast();
      if (!isHere) return <p>The list</p>;
      return (
        <Dialog isOpen onClose={() => undefined} title="Delete this draft?">
          <Button
            onClick={() => {
              showToast({ tone: 'success', title: 'Draft deleted' });
              setIsHere(false);
            }}
          >
            Delete draft
          </Button>
        </Dialog>
      );
    }
    render(
      <ToastProvider>
        <LeavingPage />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('The list')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Draft deleted'));
    expect(screen.getByRole('status').isConnected).toBe(true);
  });
});
