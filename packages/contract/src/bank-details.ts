import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Checks for bank and wallet details (spec section 5), shared by the withdrawal form and the API. Each takes the
 * value as typed (spaces allowed where people write them) and says whether it is well formed; none calls a bank.
 */

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/**
 * US routing (ABA / wire) number: 9 digits whose weighted sum 3-7-1 is a multiple of 10, and whose first two are a
 * bank's range: 01 to 12 and 21 to 32 (the Federal Reserve districts, thrifts), 61 to 72 (electronic). 00 is the US
 * Treasury's and 80 travellers' cheques': "000000000" passes the sum and is no bank.
 */
export function isAbaRoutingNumber(value: string): boolean {
  const digits = digitsOnly(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  const isBankPrefix = [1, 21, 61].some((first) => prefix >= first && prefix <= first + 11);
  if (!isBankPrefix) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/**
 * A routing number of the electronic range (61 to 72: ACH only, spec section 5's "for wire, not electronic,
 * transfers"): a valid number a wire cannot be sent to.
 */
export function isElectronicRoutingNumber(value: string): boolean {
  const prefix = Number(digitsOnly(value).slice(0, 2));
  return prefix >= 61 && prefix <= 72;
}

/** Account number: 4 to 17 digits. */
export function isBankAccountNumber(value: string): boolean {
  return /^\d{4,17}$/.test(digitsOnly(value));
}

/** Canadian institution number: 3 digits. */
export function isInstitutionNumber(value: string): boolean {
  return /^\d{3}$/.test(digitsOnly(value));
}

/** Canadian transit (branch) number: 5 digits. */
export function isTransitNumber(value: string): boolean {
  return /^\d{5}$/.test(digitsOnly(value));
}

/** US ZIP code: 5 digits, or ZIP+4 (12345-6789). */
export function isUsZipCode(value: string): boolean {
  return /^\d{5}(-?\d{4})?$/.test(value.trim());
}

/** Canadian postal code: letter, digit, letter, then digit, letter, digit, with or without the space (K1A 0B1). */
export function isCanadianPostalCode(value: string): boolean {
  return /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/.test(value.trim().toUpperCase());
}

/** SWIFT / BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function isSwiftCode(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.trim().toUpperCase());
}

/** IBAN: country, check digits, up to 30 letters or digits, and the ISO 13616 mod-97 check equals 1. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Said of the zero address wherever an address is asked for: it is well formed, so the usual words would not fit. */
export const ZERO_ADDRESS_MESSAGE =
  'The zero address cannot receive anything: whatever is sent there is lost. Enter your own wallet address.';

/** Whether this is the zero address (0x and 40 zeros), which isEvmAddress refuses. */
export function isZeroEvmAddress(value: string): boolean {
  return /^0x0{40}$/i.test(value.trim());
}

/**
 * Token contracts people paste where their own wallet's address belongs (it is the address a wallet app shows beside
 * the token): anything sent there has no owner who could move it again. USDC's on Ethereum, the network payouts use.
 */
const TOKEN_CONTRACTS: ReadonlyMap<string, string> = new Map([['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC']]);

/** Said of a token contract's address entered as a wallet's. */
export function tokenContractMessage(token: string): string {
  return `This is the ${token} token contract's address, not a wallet: whatever is sent there is lost. Enter your own wallet address.`;
}

/** Said of a well-formed address whose capital letters do not match its EIP-55 checksum: a letter was mistyped. */
export const ADDRESS_CHECKSUM_MESSAGE =
  "This address's capital letters do not match its checksum: a character may be mistyped. Copy it again from your wallet.";

/**
 * The check of an address field, as a schema refinement: the zero address, a failed checksum and a token contract
 * named as such, anything else not an address with the field's own words.
 */
export function evmAddressRefinement(message: string) {
  return (value: string, context: { addIssue(issue: { code: 'custom'; message: string }): void }) => {
    const token = TOKEN_CONTRACTS.get(value.trim().toLowerCase());
    if (isZeroEvmAddress(value)) context.addIssue({ code: 'custom', message: ZERO_ADDRESS_MESSAGE });
    else if (!/^0x[0-9a-fA-F]{40}$/.test(value.trim())) context.addIssue({ code: 'custom', message });
    else if (!isEvmAddress(value)) context.addIssue({ code: 'custom', message: ADDRESS_CHECKSUM_MESSAGE });
    else if (token) context.addIssue({ code: 'custom', message: tokenContractMessage(token) });
  };
}

/**
 * An Ethereum-style address (a USDC payout, an NFT export): 0x and 40 hex digits, never the zero address (whatever is
 * sent there is gone for good), and when written in mixed case, case that matches its EIP-55 checksum (mixed case
 * carries one, so a mistyped letter is caught before the money or the edition leaves). All lower or all upper case
 * carries none and is taken as written.
 */
export function isEvmAddress(value: string): boolean {
  const address = value.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const digits = address.slice(2);
  if (/^0{40}$/.test(digits)) return false;
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return hasEip55Checksum(digits);
}

/** EIP-55: a letter is upper case exactly where the keccak-256 of the lower-case address has a nibble of 8 or more. */
function hasEip55Checksum(digits: string): boolean {
  const hash = bytesToHex(keccak_256(utf8ToBytes(digits.toLowerCase())));
  for (let index = 0; index < digits.length; index += 1) {
    const digit = digits[index]!;
    if (digit.toLowerCase() === digit.toUpperCase()) continue;
    const isUpper = digit !== digit.toLowerCase();
    if (isUpper !== Number.parseInt(hash[index]!, 16) >= 8) return false;
  }
  return true;
}

/** The last four characters of a bank account's number, or of its IBAN outside the US and Canada. */
export function accountLastFour(details: { accountNumber?: string; iban?: string }): string {
  return (details.accountNumber ?? details.iban ?? '').replace(/[\s-]/g, '').slice(-4);
}

/**
 * What makes two saved bank accounts the same account, whatever was typed around it (spaces, dashes, case): the
 * country's identifiers (routing and account number, institution, transit and account number, the IBAN, or the
 * account number at its SWIFT bank). Names and addresses are the holder's, not the account's.
 */
export function bankAccountIdentity(details: {
  country: string;
  routingNumber?: string;
  accountNumber?: string;
  institutionNumber?: string;
  transitNumber?: string;
  iban?: string;
  swift?: string;
}): string {
  const plain = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '').toUpperCase();
  switch (wireSchemeFor(details.country)) {
    case 'us':
      return `us:${plain(details.routingNumber)}:${plain(details.accountNumber)}`;
    case 'ca':
      return `ca:${plain(details.institutionNumber)}:${plain(details.transitNumber)}:${plain(details.accountNumber)}`;
    case 'iban':
      return `iban:${plain(details.iban)}`;
    case 'swift':
      // A SWIFT code's last three letters name a branch of the bank its first eight name: the same account.
      return `swift:${details.country}:${plain(details.swift).slice(0, 8)}:${plain(details.accountNumber)}`;
  }
}

/** "Chase •••• 6789": enough to recognise a bank account, not enough to reuse it. */
export function bankAccountLabel(details: { bankName?: string; accountNumber?: string; iban?: string }): string {
  return `${details.bankName ?? 'Bank'} •••• ${accountLastFour(details)}`;
}

/** "0x5290…9EE7": a USDC address shortened for lists and receipts. */
export function shortUsdcAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/**
 * The countries whose banks take IBANs: the ISO 13616 registry, with the territories that use their country's
 * (France's overseas departments and collectivities, the Crown Dependencies, Åland).
 */
const IBAN_COUNTRIES = new Set(
  (
    'AD AE AL AT AZ BA BE BG BH BI BR BY CH CR CY CZ DE DJ DK DO EE EG ES FI FK FO FR GB GE GI GL GR GT HR HU IE IL ' +
    'IQ IS IT JO KW KZ LB LC LI LT LU LV LY MC MD ME MK MN MR MT MU NI NL NO OM PK PL PS PT QA RO RS RU SA SC SD SE ' +
    'SI SK SM SO ST SV TL TN TR UA VA VG XK YE GF GP MQ RE YT PM BL MF PF NC WF TF GG JE IM AX'
  ).split(' '),
);

/** Territories whose banks use their country's IBANs, with that country: Réunion's IBANs start with FR. */
const IBAN_COUNTRY_OF_TERRITORY: Readonly<Record<string, string>> = {
  ...Object.fromEntries('GF GP MQ RE YT PM BL MF PF NC WF TF'.split(' ').map((code) => [code, 'FR'])),
  ...Object.fromEntries('GG JE IM'.split(' ').map((code) => [code, 'GB'])),
  AX: 'FI',
};

/** The two letters a country's IBANs start with: its own code, or its country's for a territory (Réunion: FR). */
export function ibanCountryFor(country: string): string {
  return IBAN_COUNTRY_OF_TERRITORY[country] ?? country;
}

/** The country of the bank a SWIFT code names: its fifth and sixth letters (DEUTDEFF: DE). */
export function countryOfSwift(swift: string): string {
  return swift.trim().slice(4, 6).toUpperCase();
}

/**
 * Whether a SWIFT code can be a bank's in this country: its country letters are the country's own, or, for a territory
 * whose banks use their country's IBANs, that country's (a bank in Réunion may have an RE or an FR code).
 */
export function isSwiftOfCountry(swift: string, country: string): boolean {
  const swiftCountry = countryOfSwift(swift);
  return swiftCountry === country || swiftCountry === ibanCountryFor(country);
}

/** The country an IBAN was issued in: its first two letters. */
export function countryOfIban(iban: string): string {
  return iban.replace(/\s/g, '').slice(0, 2).toUpperCase();
}

/**
 * Which account fields a country's wire asks for (spec section 5): a routing and account number in the US; an
 * institution, transit and account number in Canada; an IBAN and SWIFT code where banks use IBANs; elsewhere (Japan,
 * Australia, India…) the account number and the bank's SWIFT code, which is how a wire reaches those banks.
 */
export type TWireScheme = 'us' | 'ca' | 'iban' | 'swift';
export function wireSchemeFor(country: string): TWireScheme {
  if (country === 'US') return 'us';
  if (country === 'CA') return 'ca';
  return IBAN_COUNTRIES.has(country) ? 'iban' : 'swift';
}
