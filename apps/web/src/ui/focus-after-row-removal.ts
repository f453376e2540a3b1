import { useCallback, useRef } from 'react';

/*
 * For the Remove button of a row in a list (a drop's rounds and contents, a fusion's or figure base's slots, a
 * calendar's rewards, a signed-in device): the pressed button leaves with its row, and the focus with it, to the
 * body, where the next Tab starts again at the top and a screen reader reads the page anew (session 79's hunt). Once
 * the row has gone, the focus moves to the Remove button of the row that took its place (the next one, else the one
 * before), else to the list's Add button (`data-row-add` in the same card: a `section`, `fieldset` or
 * `data-row-card`), else to the card's first field (the search that adds a drop's products), else to the main content.
 * Remove buttons carry `data-row-remove`.
 */

function focusTargetAfter(pressed: HTMLElement): HTMLElement | null {
  const row = pressed.closest('li');
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  const card = row?.closest('section, fieldset, [data-row-card]');
  return (
    neighbour?.querySelector<HTMLElement>('[data-row-remove]') ??
    card?.querySelector<HTMLElement>('[data-row-add]') ??
    card?.querySelector<HTMLElement>('input') ??
    null
  );
}

/** Once the current update is committed, unless the focus went somewhere on its own meanwhile. */
function focusLater(target: HTMLElement | null, pressed: HTMLElement) {
  setTimeout(() => {
    const focused = document.activeElement;
    if (focused !== document.body && focused !== pressed && focused?.isConnected) return;
    (target?.isConnected ? target : document.getElementById('main'))?.focus({ preventScroll: !target });
  });
}

/** In the click handler of a Remove button whose row goes at once (a form's row): before the row is removed. */
export function focusAfterRowRemoval(pressed: HTMLElement): void {
  focusLater(focusTargetAfter(pressed), pressed);
}

/**
 * For a Remove button whose row goes once the server agreed (a signed-in device): `ref` on the button, `markPressed`
 * in its click handler. The focus moves when the button leaves the page, whenever that is.
 */
export function useFocusAfterRowRemoval() {
  const pressed = useRef<{ button: HTMLElement; target: HTMLElement | null } | null>(null);
  const ref = useCallback((button: HTMLElement | null) => {
    return () => {
      const press = pressed.current;
      if (!press || press.button !== button) return;
      pressed.current = null;
      focusLater(press.target, press.button);
    };
  }, []);
  const markPressed = useCallback((button: HTMLElement) => {
    pressed.current = { button, target: focusTargetAfter(button) };
  }, []);
  return { ref, markPressed };
}
