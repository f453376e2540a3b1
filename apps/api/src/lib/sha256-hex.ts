import { createHash } from 'node:crypto';

/**
 * SHA-256 of a text, in hex, with node's own digest: what the contract's claim-log rules compute in pure JavaScript
 * (so a browser checks the log exactly as the server wrote it), at a fraction of the CPU on the server, where a rush
 * hashes every purchase's buyer and every claim log line.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
