import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../lib/session.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { useUnsavedChanges } from './unsaved-changes.ts';

function NotePage() {
  const form = useForm({ defaultValues: { note: '' } });
  useUnsavedChanges(form, 'note');
  return (
    <form aria-label="Note">
      <label>
        Note
        <input {...form.register('note')} />
      </label>
      <Link to="/">Home</Link>
    </form>
  );
}

/** How many `beforeunload` listeners window holds, counted from what is added and removed from now on. */
function countUnloadListeners(): () => number {
  const listeners = new Set<unknown>();
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    if (type === 'beforeunload') listeners.add(listener);
    add(type, listener, options);
  });
  vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    if (type === 'beforeunload') listeners.delete(listener);
    remove(type, listener, options);
  });
  return () => listeners.size;
}

function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

afterEach(() => vi.restoreAllMocks());

describe('UnsavedChangesGuard', () => {
  // A page that listens for `beforeunload` is kept out of some browsers' back-forward cache: the guard, around every
  // page, must not listen on the many that have no form.
  it('listens for the tab closing only while a page shows a form, and holds it only while changes are unsaved', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const unloadListeners = countUnloadListeners();
    const router = createMemoryRouter(
      [
        {
          element: (
            <UnsavedChangesGuard>
              <Outlet />
            </UnsavedChangesGuard>
          ),
          children: [
            { path: '/', element: <Link to="/note">Write a note</Link> },
            { path: '/note', element: <NotePage /> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    expect(unloadListeners()).toBe(0);

    await user.click(screen.getByRole('link', { name: 'Write a note' }));
    const form = await screen.findByRole('form', { name: 'Note' });
    await waitFor(() => expect(unloadListeners()).toBe(1));
    expect(unloadIsHeld()).toBe(false);
    await user.type(within(form).getByLabelText('Note'), 'Half a thought');
    expect(unloadIsHeld()).toBe(true);

    await user.click(within(form).getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('link', { name: 'Write a note' })).toBeInTheDocument();
    await waitFor(() => expect(unloadListeners()).toBe(0));
  });
});
