import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
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
});
