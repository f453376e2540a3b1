import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';

describe('payment provider settings', () => {
  it('has no real provider without keys (the sandboxes, or nothing in production, stand in)', () => {
    const { payments } = testConfig();
    expect([payments.stripe, payments.coinbaseCommerce, payments.tilia]).toEqual([undefined, undefined, undefined]);
    expect(payments.mode).toBe('sandbox');
  });

  it('takes each complete set, with the providers’ own API bases unless overridden', () => {
    const { payments } = testConfig({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      COINBASE_COMMERCE_API_KEY: 'cc_key',
      COINBASE_COMMERCE_WEBHOOK_SECRET: 'cc_secret',
      COINBASE_COMMERCE_API_BASE: 'http://127.0.0.1:9/',
      TILIA_CLIENT_ID: 'tilia-id',
      TILIA_CLIENT_SECRET: 'tilia-secret',
      TILIA_WEBHOOK_SECRET: 'tilia-webhook',
    });
    expect(payments.stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: 'https://api.stripe.com',
    });
    expect(payments.coinbaseCommerce?.apiBase).toBe('http://127.0.0.1:9/');
    expect(payments.tilia).toMatchObject({
      authBase: 'https://auth.tilia-inc.com',
      apiBase: 'https://invoicing.tilia-inc.com',
    });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_live_x' }, 'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 'STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET'],
    [
      { COINBASE_COMMERCE_API_KEY: 'cc_key' },
      'COINBASE_COMMERCE_WEBHOOK_SECRET: required with COINBASE_COMMERCE_API_KEY',
    ],
    [{ TILIA_CLIENT_ID: 'id', TILIA_CLIENT_SECRET: 'secret' }, 'TILIA_WEBHOOK_SECRET: required with TILIA_CLIENT_ID'],
  ])('stops start-up on an incomplete set %j', (env, message) => {
    expect(() => testConfig(env)).toThrow(message);
  });

  it('stops start-up on a Stripe API base with a path (the SDK would drop it)', () => {
    expect(() => testConfig({ STRIPE_API_BASE: 'https://proxy.example/stripe' })).toThrow('STRIPE_API_BASE');
    expect(testConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments.mode).toBe('sandbox');
  });
});
