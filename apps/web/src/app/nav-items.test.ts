import { describe, expect, it } from 'vitest';
import { accountNavItems, currentAccountItem } from './nav-items.ts';

const current = (address: string) => {
  const url = new URL(address, 'http://cypher.test');
  return currentAccountItem(accountNavItems, { pathname: url.pathname, search: url.search });
};

// Session 72's access hunt: the mobile menu said "current page" of both Purchases and Payment on /payment.
describe('the account link that is the page shown', () => {
  it('is the one whose tab is in the address, else the one to the page itself', () => {
    expect(current('/payment?tab=purchases')).toBe('/payment?tab=purchases');
    expect(current('/payment?tab=history')).toBe('/payment');
    expect(current('/payment')).toBe('/payment');
    expect(current('/drops?tab=packs&page=2')).toBe('/drops?tab=packs');
  });

  it('is the link of the section a page is under, as NavLink said', () => {
    const withConsole = [{ to: '/console' }, ...accountNavItems];
    expect(currentAccountItem(withConsole, { pathname: '/console/products', search: '' })).toBe('/console');
    expect(currentAccountItem(withConsole, { pathname: '/consoles', search: '' })).toBeUndefined();
  });

  it('is none on a page no account link leads to', () => {
    expect(current('/drops')).toBeUndefined();
    expect(current('/payments')).toBeUndefined();
  });
});
