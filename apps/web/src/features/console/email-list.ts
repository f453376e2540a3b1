import { ZDropWhitelistRequest } from '@cypher/contract';

/** The contract's rule for one whitelisted address (trimmed, lowercased, then checked), so the form and the API agree. */
const ZWhitelistEmail = ZDropWhitelistRequest.shape.emails.in.element;

/** Where cells split within a line (lines split at line breaks). */
const CELL_SEPARATOR = /[,;\t]/;
const EMAIL_HEADER = /^e-?mail(s| address(es)?)?$/;

interface TEmailEntry {
  /** 1-based line of the text it was read from. */
  line: number;
  value: string;
}

interface TEmailList {
  /** Valid addresses, lowercased, each once, in the order first met. */
  emails: string[];
  /** Entries that are not addresses, with their line, so the operator can find and fix them. */
  invalid: TEmailEntry[];
  /** Valid entries that repeat an earlier one (they count once). */
  repeatedCount: number;
}

/** A line's cells: split at commas, semicolons or tabs outside double quotes ("Lovelace, Ada" is one cell). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (char === '"') {
      // A doubled quote inside quotes is a quote character.
      if (isQuoted && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else isQuoted = !isQuoted;
    } else if (!isQuoted && CELL_SEPARATOR.test(char)) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * The entries of a pasted or uploaded list: one address per line, commas (or semicolons, tabs) also accepted. A
 * spreadsheet's export is understood too: when the first line is a header naming an email column ("email",
 * "Email address"), only that column is read and the header is skipped, so a "name,email" file does not report every
 * name as a wrong address.
 */
export function emailEntries(text: string): TEmailEntry[] {
  const lines = text.split(/\r\n|\r|\n/);
  const header = cellsOf(lines[0] ?? '').map((cell) => cell.toLowerCase());
  const column = header.findIndex((cell) => EMAIL_HEADER.test(cell));
  const entries: TEmailEntry[] = [];
  lines.forEach((content, index) => {
    if (column !== -1 && index === 0) return;
    const cells = cellsOf(content);
    const picked = column !== -1 && cells.length > 1 ? [cells[column] ?? ''] : cells;
    for (const value of picked) if (value !== '') entries.push({ line: index + 1, value });
  });
  return entries;
}

/** Reads a whitelist from text: which addresses it holds and which lines are not addresses. */
export function parseEmailList(text: string): TEmailList {
  const seen = new Set<string>();
  const invalid: TEmailEntry[] = [];
  let repeatedCount = 0;
  for (const entry of emailEntries(text)) {
    const parsed = ZWhitelistEmail.safeParse(entry.value);
    if (!parsed.success) invalid.push(entry);
    else if (seen.has(parsed.data)) repeatedCount += 1;
    else seen.add(parsed.data);
  }
  return { emails: [...seen], invalid, repeatedCount };
}

/**
 * An uploaded list as text for the whitelist box: one entry per line (a spreadsheet's email column, or every cell),
 * the entries that are not addresses kept in place so the operator sees them and their line numbers.
 */
export function emailListText(fileText: string): string {
  return emailEntries(fileText)
    .map((entry) => entry.value)
    .join('\n');
}

/**
 * Whether a file's text is text: a picture or a spreadsheet read as text carries NUL characters, or the replacement
 * character where its bytes are no UTF-8. Checked by content, whatever the file's name says.
 */
export function isPlainText(fileText: string): boolean {
  return !fileText.includes('\u0000') && !fileText.includes('\uFFFD');
}
