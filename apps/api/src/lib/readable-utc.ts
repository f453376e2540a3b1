const utcFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/**
 * "Dec 6, 2026, 3:14 AM UTC": a moment as a person reads it in a message the API writes, in the one zone everyone
 * shares, and in the words the web writes times with (its formatDateTimeWithZone), so a notice reads like the page
 * around it. The web formats the ISO time a refusal's details carry in the reader's own zone where it can.
 */
export function readableUtc(at: Date): string {
  return utcFormat.format(at);
}
