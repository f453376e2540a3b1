import { formatNumber } from '@cypher/contract';

/**
 * Numbers and dates as people read them (DESIGN.md "Numbers"): thousands separators, zero shown as zero, English
 * only (spec section 1). Money gets its own formatter in packages/contract when balances arrive.
 */
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const dateTimeFormat = new Intl.DateTimeFormat('en-US', dateTimeOptions);

/** 1000 -> "1,000"; 0 -> "0". */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A count with its noun, agreeing: "1 slot", "2 slots", "1,000 minutes". */
export function formatCountOf(value: number, one: string, other = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : other}`;
}

// A shared link to an NFT's page says it too, as the API sends that page (the contract's subject-page-meta.ts).
export { formatEditionNumber } from '@cypher/contract';

/** "Nov 22, 2026" */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Nov 22, 2026, 3:13 AM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const zonedDateTimeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * "Nov 22, 2026, 3:13 AM GMT+9": a time with its zone, in the reader's own unless `timeZone` is given. The console's
 * times say it: operators in different places schedule launches, approve payouts and read the audit log together,
 * and a bare "3:13 AM" cannot be compared with a colleague's or a provider's.
 */
export function formatDateTimeWithZone(iso: string, timeZone?: string): string {
  let format = zonedDateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...dateTimeOptions, timeZoneName: 'short', timeZone });
    zonedDateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * The reader's own IANA time zone ("Europe/Paris", "UTC"), which datetime-local inputs and formatDateTime use. Named
 * where times are typed in, so that "your time zone" is one people can check before a launch is scheduled.
 */
export function readerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Time left, as a countdown that ticks every second: "2d 03h 04m 05s", "3h 04m 05s", "4m 05s", "5s". A part
 * second counts as a whole one, so "0s" shows only once the moment has come.
 */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1_000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return `${days}d ${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/**
 * A share of a whole that is done only when all of it is (codes used, people delivered to), with one decimal: 2 of 3
 * -> "66.7%", and 99.96% -> "99.9%", so it says "100.0%" only once the last one is.
 */
export function formatProgressPercent(done: number, total: number): string {
  const share = done >= total ? 1 : Math.min(Math.round((done / total) * 1_000) / 1_000, 0.999);
  return formatPercent(share);
}

/** A share as a percentage with one decimal: 0.625 -> "62.5%", 0 -> "0.0%". */
export function formatPercent(share: number): string {
  return `${formatNumber(share * 100, 1)}%`;
}
