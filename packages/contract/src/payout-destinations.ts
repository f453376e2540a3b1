import { z } from 'zod';
import { countryOfIban } from './bank-details.ts';
import { countryNameOf } from './countries.ts';
import {
  ibanCountryMismatchMessage,
  ZIsConfirmed,
  ZUsdcAddress,
  ZWireDetails,
  type TWireDetails,
} from './withdrawals.ts';

/**
 * Saved payout destinations (spec section 2: "wallet address, ... bank account setup"): a person keeps up to five
 * bank accounts and five USDC addresses to withdraw to. A bank account is the wire form's details, checked by the
 * very rules a wire withdrawal is checked by (ZWireDetails).
 */
export const MAX_BANK_ACCOUNTS = 5;
export const MAX_WALLET_ADDRESSES = 5;

/**
 * `POST /v1/bank-accounts`: the wire details as a withdrawal takes them, and the box confirming the bank information is
 * correct, which the spec requires wherever bank details are given (section 5), as a wire withdrawal asks for it.
 */
export const ZAddBankAccountRequest = z.strictObject({ wire: ZWireDetails, isConfirmed: ZIsConfirmed });
export type TAddBankAccountRequest = z.infer<typeof ZAddBankAccountRequest>;

/** A saved bank account in a list: label and country; the account number is never sent beyond its last four. */
export const ZBankAccount = z.object({
  id: z.string(),
  /** "Chase •••• 6789" (bankAccountLabel). */
  label: z.string(),
  country: z.string(),
  accountLastFour: z.string(),
  holderName: z.string(),
  /**
   * Whether a wire withdrawal takes these details as saved. One saved before a rule was added (an IBAN from another
   * country than the bank's) is kept, not deleted, but is offered as not usable until the person adds it again.
   */
  isUsable: z.boolean(),
  /** Why it is not usable, in a sentence the list shows; null when it is. */
  unusableReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TBankAccount = z.infer<typeof ZBankAccount>;

/**
 * `GET /v1/bank-accounts/:id`, for its owner only: the full details, to fill in the wire form. Read as stored (the
 * fields without the country checks), so an account saved under older rules still loads and is checked on use.
 */
export const ZBankAccountDetail = ZBankAccount.extend({ details: z.object(ZWireDetails.shape) });
export type TBankAccountDetail = z.infer<typeof ZBankAccountDetail>;

/**
 * Why saved details would be refused by a wire withdrawal (ZWireDetails, the rules of today), in the list's words, or
 * null when they would be taken: "This IBAN is from Germany, not France: add the account again to use it."
 */
export function bankAccountUnusableReason(details: TWireDetails): string | null {
  const checked = ZWireDetails.safeParse(details);
  if (checked.success) return null;
  const { iban, country } = details;
  const isIbanOfAnotherCountry =
    iban !== undefined &&
    checked.error.issues.some(
      (issue) => issue.path[0] === 'iban' && issue.message === ibanCountryMismatchMessage(iban, country),
    );
  if (isIbanOfAnotherCountry) {
    return (
      `This IBAN is from ${countryNameOf(countryOfIban(iban))}, not ${countryNameOf(country)}: ` +
      'add the account again to use it.'
    );
  }
  return 'These bank details no longer pass our checks: add the account again to use it.';
}

/** `POST /v1/wallet-addresses`. */
export const ZAddWalletAddressRequest = z.strictObject({ address: ZUsdcAddress });
export type TAddWalletAddressRequest = z.infer<typeof ZAddWalletAddressRequest>;

/** A saved USDC address: public on the chain, so it is sent whole (the form withdraws to it). */
export const ZWalletAddress = z.object({
  id: z.string(),
  address: z.string(),
  /** "0x5290…9EE7" (shortUsdcAddress). */
  label: z.string(),
  createdAt: z.iso.datetime(),
});
export type TWalletAddress = z.infer<typeof ZWalletAddress>;
