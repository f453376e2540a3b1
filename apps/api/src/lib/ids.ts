import { v7 } from 'uuid';

/** UUID v7: unique, and sortable by creation time (ARCHITECTURE 2b). */
export function newId(): string {
  return v7();
}
