import { expect, type Locator } from '@playwright/test';

// tokens.css, dark theme (the default): the accent and the plain surface, as Chromium computes them.
const ACCENT = 'rgb(57, 231, 184)';
const SURFACE = 'rgb(21, 21, 29)';

/**
 * Issue 22: in the journeys' 1280x800 window the purchase popup shows its whole choice at once: nothing scrolls
 * inside it, and the payment method and the way to pay are fully in the window.
 */
export async function expectWholeChoiceInSight(popup: Locator): Promise<void> {
  const overflow = await popup.evaluate((dialog) => {
    const box = dialog as unknown as { scrollHeight: number; clientHeight: number };
    return box.scrollHeight - box.clientHeight;
  });
  expect(overflow, 'the popup scrolls inside').toBeLessThanOrEqual(0);
  await expect(popup.getByRole('group', { name: 'Payment method' })).toBeInViewport({ ratio: 1 });
  await expect(popup.getByRole('button', { name: /^(Pay now|Continue to payment)/ })).toBeInViewport({ ratio: 1 });
}

/**
 * A disabled button looks it (ui/button.module.css): not the accent but the plain surface, a not-allowed pointer,
 * and no change under the pointer; an enabled primary one is the accent again.
 */
export async function expectButtonLook(button: Locator, state: 'disabled' | 'enabled'): Promise<void> {
  if (state === 'enabled') {
    await expect(button).toBeEnabled();
    await expect(button).toHaveCSS('background-color', ACCENT);
    await expect(button).toHaveCSS('cursor', 'pointer');
    return;
  }
  await expect(button).toBeDisabled();
  await expect(button).toHaveCSS('background-color', SURFACE);
  await expect(button).toHaveCSS('cursor', 'not-allowed');
  await button.hover();
  await expect(button).toHaveCSS('background-color', SURFACE);
}
