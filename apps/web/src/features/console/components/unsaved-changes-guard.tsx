import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { getSession } from '../../../lib/session.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { UnsavedChangesContext, type TGuardedForm } from './unsaved-changes.ts';

/**
 * Around every console page (ConsoleFrame): the one navigation blocker the router allows, for all the page's forms
 * (a drop's editor and its rounds' raffle and waiting room are separate forms). A move to another page while one of
 * them holds changes is held, and a small dialog asks whether to leave them; closing or reloading the tab asks through
 * the browser's own prompt (`beforeunload`), the only one a page may show then. Moves within the page (only its hash),
 * moves after the session ended (a sign-out: nothing could be saved any more) and the move after a delete
 * (useLeaveWithoutAsking) are never held.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const forms = useRef(new Set<TGuardedForm>());
  const register = useCallback((form: TGuardedForm) => {
    forms.current.add(form);
    return () => {
      forms.current.delete(form);
    };
  }, []);
  const firstUnsaved = useCallback(() => [...forms.current].find((form) => form.hasUnsavedChanges()), []);
  const isNextMoveAllowed = useRef(false);
  const guard = useMemo(
    () => ({
      register,
      allowNextMove: () => {
        isNextMoveAllowed.current = true;
        // For the move that follows at once, not for one the operator makes later.
        setTimeout(() => (isNextMoveAllowed.current = false), 0);
      },
    }),
    [register],
  );

  // Another query counts as a move: some pages start their forms again with it (an entry's editor does).
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      !isNextMoveAllowed.current &&
      getSession().isLoggedIn &&
      firstUnsaved() !== undefined,
    [firstUnsaved],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    function askFirst(event: BeforeUnloadEvent) {
      if (!firstUnsaved()) return;
      event.preventDefault();
      // Browsers that predate preventDefault here (Chrome before 119) ask when a value is returned.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, [firstUnsaved]);

  const isBlocked = blocker.state === 'blocked';
  const subject = isBlocked ? (firstUnsaved()?.subject() ?? 'page') : 'page';
  return (
    <UnsavedChangesContext.Provider value={guard}>
      {children}
      <Dialog
        isOpen={isBlocked}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
        description={`Your changes to this ${subject} are not saved.`}
        footer={
          <>
            <Button onClick={() => blocker.reset?.()}>Stay</Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </>
        }
      />
    </UnsavedChangesContext.Provider>
  );
}
