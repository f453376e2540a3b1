import { CRYPTO_NETWORK_WARNING, cryptoDepositCurrencies, formatMoney, type TDepositMethod } from '@cypher/contract';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const style = `body{margin:0;font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1}
  main{max-width:420px;margin:48px auto;padding:28px;background:#15151f;border:1px solid #26263a;border-radius:16px}
  h1{font-size:1.3rem;margin:0 0 6px} p{color:#a0a0b0;line-height:1.5;margin:0 0 18px}
  label{display:block;margin:0 0 14px;font-size:.9rem} input{display:block;width:100%;box-sizing:border-box;margin-top:6px;padding:10px;border-radius:8px;border:1px solid #2e2e45;background:#1d1d2b;color:inherit}
  button{width:100%;padding:12px;border:0;border-radius:10px;background:#8b7bff;color:#0b0b10;font-weight:600}
  .error{color:#ff8a8a} small{color:#a0a0b0} a{color:#b6abff} .leave{margin:18px 0 0;text-align:center}`;

/** Where the card form's script is served (the CSP allows scripts from this origin only, not inline). */
export const CHECKOUT_SCRIPT_PATH = '/dev/payments/checkout.js';

/**
 * The card form's one behaviour, as providers' hosted forms have it: the expiry reads as MM/YY while typed, so
 * `1234` becomes `12/34` (and `1/` becomes `01/`). The server reads the digits without the slash too.
 */
export const checkoutScript = `const expiry = document.querySelector('input[name=expiry]');
if (expiry) {
  expiry.addEventListener('input', () => {
    const oneDigitMonth = /^(\\d)\\/$/.exec(expiry.value);
    const digits = (oneDigitMonth ? '0' + oneDigitMonth[1] : expiry.value).replace(/\\D/g, '').slice(0, 6);
    const formatted = digits.length > 2 || oneDigitMonth ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
    if (formatted !== expiry.value) expiry.value = formatted;
  });
}
`;

export function page(title: string, body: string, scriptPath?: string): string {
  const script = scriptPath ? `<script src="${escapeHtml(scriptPath)}" defer></script>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${style}</style>${script}</head>
<body><main>${body}</main></body></html>`;
}

/** The form posts back to the page's own address, keeping where to return afterwards (`?return=`). */
function checkoutAction(method: TDepositMethod, reference: string, returnPath: string | undefined): string {
  const query = returnPath ? `?return=${encodeURIComponent(returnPath)}` : '';
  return escapeHtml(`/dev/payments/${method}/checkout/${encodeURIComponent(reference)}${query}`);
}

/**
 * The way back without paying, as a provider's hosted page has it (Stripe's cancel URL): nothing is ended, the payment
 * stays open until its checkout expires. An order goes back to its status page; a deposit to the wallet, which lists
 * the payments in progress with their expiry.
 */
function leaveWithoutPaying(returnPath: string | undefined): string {
  const isOrder = returnPath !== undefined && ORDER_RETURN_PATH.test(returnPath);
  const [href, words] = isOrder
    ? [returnPath, 'Back to the order without paying']
    : ['/payment', 'Back to your wallet without paying'];
  return `<p class="leave"><a href="${escapeHtml(href)}">${words}</a></p>`;
}

/** The sandbox's hosted card form. The test numbers are listed on the page: this is never a real provider. */
export function renderCheckoutPage(
  reference: string,
  amountCents: number,
  error?: string,
  returnPath?: string,
): string {
  const amount = formatMoney({ amount: amountCents, currency: 'USD' });
  return page(
    'Card payment (sandbox)',
    `<h1>Pay ${escapeHtml(amount)}</h1>
<p>Sandbox checkout. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
4000 0000 0000 9995 has insufficient funds.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${checkoutAction('card', reference, returnPath)}">
<label>Card number<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Expiry (MM/YY)<input name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required></label>
<label>CVC<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">Pay ${escapeHtml(amount)}</button>
</form>
${leaveWithoutPaying(returnPath)}`,
    CHECKOUT_SCRIPT_PATH,
  );
}

/** An order's checkout returns to its status page (purchase-packs.ts): `/purchase/{id}/status`. */
const ORDER_RETURN_PATH = /^\/purchase\/[^/?#]+\/status$/;

/**
 * A checkout paid, failed or expired, reached again (the browser's Back after paying, say). The address's return path
 * tells an order's checkout from a deposit's: an order is followed on its status page, a deposit starts again from
 * the wallet.
 */
export function renderClosedCheckout(returnPath?: string): string {
  if (returnPath && ORDER_RETURN_PATH.test(returnPath)) {
    return page(
      'Checkout closed',
      `<h1>This checkout is no longer open</h1><p>The order's status page says whether it was paid.</p>
<p><a href="${escapeHtml(returnPath)}">See the order's status</a></p>`,
    );
  }
  return page(
    'Checkout closed',
    '<h1>This checkout is no longer open</h1><p>Start a new deposit from your wallet.</p>',
  );
}

/** The crypto charge and Tilia sandboxes: no form to fill, the tester picks what the provider reports. */
export function renderOutcomeCheckoutPage(
  method: Exclude<TDepositMethod, 'card'>,
  reference: string,
  amountCents: number,
  error?: string,
  returnPath?: string,
): string {
  const amount = formatMoney({ amount: amountCents, currency: 'USD' });
  const action = checkoutAction(method, reference, returnPath);
  const intro =
    method === 'crypto'
      ? `<p>Sandbox crypto charge. Accepted: ${cryptoDepositCurrencies.map((coin) => escapeHtml(`${coin.code} (${coin.network})`)).join(', ')}.</p>
<p class="error">${escapeHtml(CRYPTO_NETWORK_WARNING)}</p>`
      : '<p>Sandbox Tilia payment.</p>';
  const button = (outcome: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${escapeHtml(label)}</button></form><p></p>`;
  return page(
    method === 'crypto' ? 'Crypto payment (sandbox)' : 'Tilia payment (sandbox)',
    `<h1>Pay ${escapeHtml(amount)}</h1>
${intro}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${button('succeeded', method === 'crypto' ? 'Send payment (confirmed)' : `Pay ${amount}`)}
${button('failed', 'Decline')}
${button('expired', method === 'crypto' ? 'Let the charge expire' : 'Let it time out')}
${leaveWithoutPaying(returnPath)}`,
  );
}
