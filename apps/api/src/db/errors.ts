/** PostgreSQL's unique_violation, from pg or PGlite, whether or not drizzle wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (candidate.code === '23505') {
      return !constraint || candidate.constraint === constraint || String(candidate.message).includes(constraint);
    }
  }
  return false;
}
