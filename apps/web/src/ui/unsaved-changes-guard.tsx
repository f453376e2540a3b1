import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { getSession } from '../lib/session.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { UnsavedChangesContext, type TGuardedForm, type TMove, type TUnsavedChangesGuard } from './unsaved-changes.ts';

/** What the guard asks about now: a move it holds, or a pop-up about to close. */
interface TQuestion {
  title: string;
  notSaved: string;
  /** The danger button's words: what happens to the changes. */
  discard: string;
  stay: () => void;
  go: () => void;
}

/**
 * Around every page (AppShell): the one navigation blocker the router allows, for all the page's forms (a console
 * drop's editor and its rounds' raffle and waiting room are separate forms; a collector's profile is one). It stays
 * mounted from page to page, so the forms of the page being left let go of it in their effects' cleanup. While the
 * server renders, the router is a static one that never blocks and no effect runs. A move to another page while one of
 * them holds changes is held, and a small dialog asks whether to leave them; closing or reloading the tab asks through
 * the browser's own prompt (`beforeunload`), the only one a page may show then. A move that stays on the page (only
 * its query or hash: another page of a list, a filter) keeps every form as typed and is not held, unless a form with
 * changes says the page starts it again on that query. Moves after the session ended (a sign-out: nothing could be
 * saved any more) and the move after a delete (useLeaveWithoutAsking) are never held. A pop-up's form asks through the
 * same dialog before the pop-up closes over what was typed in it ("Close without saving?").
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const forms = useRef(new Set<TGuardedForm>());
  // Whether the page shows a form at all: the tab's closing is listened for only then (below).
  const [hasForms, setHasForms] = useState(false);
  const register = useCallback((form: TGuardedForm) => {
    forms.current.add(form);
    setHasForms(true);
    return () => {
      forms.current.delete(form);
      setHasForms(forms.current.size > 0);
    };
  }, []);
  /**
   * The form with changes this move would lose (any move, for the tab's closing); of several, the one shown last (a
   * pop-up's over the page's).
   */
  const unsavedForm = useCallback(
    (move?: TMove) =>
      [...forms.current]
        .reverse()
        .find((form) => form.hasUnsavedChanges() && (move === undefined || !form.isKeptAcross(move))),
    [],
  );
  const isNextMoveAllowed = useRef(false);
  const [closing, setClosing] = useState<{ form: TGuardedForm; close: () => void }>();
  const guard = useMemo<TUnsavedChangesGuard>(
    () => ({
      register,
      allowNextMove: () => {
        isNextMoveAllowed.current = true;
        // For the move that follows at once, not for one the person makes later.
        setTimeout(() => (isNextMoveAllowed.current = false), 0);
      },
      askBeforeClosing: (form, close) => setClosing({ form, close }),
      hasUnsavedChanges: () => unsavedForm() !== undefined,
    }),
    [register, unsavedForm],
  );

  // The form the held move would lose, for the dialog's sentence, and the move.
  const held = useRef<TGuardedForm>(undefined);
  const heldMove = useRef<TMove>(undefined);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (isNextMoveAllowed.current || !getSession().isLoggedIn) return false;
      heldMove.current = { from: currentLocation, to: nextLocation };
      held.current = unsavedForm(heldMove.current);
      return held.current !== undefined;
    },
    [unsavedForm],
  );
  /** Leave: every form the move loses drops what it holds (nothing of it goes on to another form). */
  const discardLost = useCallback(() => {
    const move = heldMove.current;
    for (const form of forms.current) {
      if (form.hasUnsavedChanges() && (move === undefined || !form.isKeptAcross(move))) form.discard();
    }
  }, []);
  const blocker = useBlocker(shouldBlock);

  // Around every page, most with nothing to lose (a drop, a product): a `beforeunload` listener keeps a page out of
  // some browsers' back-forward cache (Firefox), so there is one only while a page shows a form.
  useEffect(() => {
    if (!hasForms) return;
    function askFirst(event: BeforeUnloadEvent) {
      if (!unsavedForm()) return;
      event.preventDefault();
      // Browsers that predate preventDefault here (Chrome before 119) ask when a value is returned.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [hasForms, unsavedForm]);

  // The pop-up closes once this dialog has: each gives focus back in turn, and it ends on what opened the pop-up.
  const discarded = useRef<() => void>(undefined);
  useEffect(() => {
    if (closing !== undefined || !discarded.current) return;
    const close = discarded.current;
    discarded.current = undefined;
    close();
  }, [closing]);

  const question: TQuestion | undefined =
    blocker.state === 'blocked'
      ? {
          title: 'Leave without saving?',
          notSaved: held.current?.notSaved() ?? 'Your changes to this page are not saved.',
          discard: 'Leave',
          stay: () => blocker.reset(),
          go: () => {
            discardLost();
            blocker.proceed();
          },
        }
      : closing
        ? {
            title: 'Close without saving?',
            notSaved: closing.form.notSaved(),
            discard: 'Discard',
            stay: () => setClosing(undefined),
            go: () => {
              closing.form.discard();
              discarded.current = closing.close;
              setClosing(undefined);
            },
          }
        : undefined;
  return (
    <UnsavedChangesContext.Provider value={guard}>
      {children}
      <Dialog
        isOpen={question !== undefined}
        onClose={() => question?.stay()}
        title={question?.title}
        description={question?.notSaved}
        footer={
          <>
            <Button onClick={() => question?.stay()}>Stay</Button>
            <Button variant="danger" onClick={() => question?.go()}>
              {question?.discard}
            </Button>
          </>
        }
      />
    </UnsavedChangesContext.Provider>
  );
}
