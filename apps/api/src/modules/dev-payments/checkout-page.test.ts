import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_SCRIPT_PATH,
  checkoutScript,
  renderCheckoutPage,
  renderOutcomeCheckoutPage,
} from './checkout-page.ts';

/** The card form's expiry field with the page's script on it: each call types one more key (or sets the value). */
function expiryField() {
  const listeners: (() => void)[] = [];
  const input = { value: '', addEventListener: (_type: string, listener: () => void) => listeners.push(listener) };
  vm.runInNewContext(checkoutScript, { document: { querySelector: () => input } });
  return {
    input,
    set(value: string) {
      input.value = value;
      for (const listener of listeners) listener();
      return input.value;
    },
    type(keys: string) {
      for (const key of keys) this.set(input.value + key);
      return input.value;
    },
  };
}

describe('sandbox card checkout page', () => {
  it('loads its script from this origin (the CSP refuses inline scripts), and names the site icon', () => {
    const html = renderCheckoutPage('ref', 5000);
    expect(html).toContain(`<script src="${CHECKOUT_SCRIPT_PATH}" defer></script>`);
    // Without it the browser asks for /favicon.ico, which answers 404: an error in the console of the checkout.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it('leads back without paying, as a provider’s cancel link does: a deposit to the wallet, an order to its status', () => {
    expect(renderCheckoutPage('ref', 5000, undefined, '/payment?deposit=d-1')).toContain(
      '<a href="/payment">Back to your wallet without paying</a>',
    );
    expect(renderCheckoutPage('ref', 5000, undefined, '/purchase/o-1/status')).toContain(
      '<a href="/purchase/o-1/status">Back to the order without paying</a>',
    );
    expect(renderOutcomeCheckoutPage('crypto', 'ref', 5000, undefined, '/payment?deposit=d-1')).toContain(
      '<a href="/payment">Back to your wallet without paying</a>',
    );
  });

  it.each([
    ['1234', '12/34'],
    ['12/34', '12/34'],
    ['1/30', '01/30'],
    ['122039', '12/2039'],
    ['12a3', '12/3'],
  ])('reads the expiry typed as %j as %j', (keys, shown) => {
    expect(expiryField().type(keys)).toBe(shown);
  });

  it('takes a pasted or filled expiry the same way, and lets the slash be deleted', () => {
    const field = expiryField();
    expect(field.set('1239')).toBe('12/39');
    expect(field.set('12/')).toBe('12');
  });
});
