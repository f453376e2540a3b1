import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { forgetTheSignedOutPerson } from './forget-signed-out-person.ts';
import { queryKeys } from './query-keys.ts';

describe('forgetting the person who signed out', () => {
  it('keeps the catalogue, and removes every read of theirs, named or not', () => {
    const client = createQueryClient();
    const theirs = [
      queryKeys.users.my(),
      queryKeys.tickets.all,
      queryKeys.cards.all,
      queryKeys.bankAccounts.all,
      queryKeys.favorites.all,
      queryKeys.figureBases.all,
      queryKeys.passes.my(),
      queryKeys.drops.waitingRoom('d-1', 1),
      // A domain nobody listed yet is someone's until said otherwise.
      ['someday', 'mine'],
    ];
    const catalogue = [queryKeys.brands.list(), queryKeys.products.detail('p-1'), queryKeys.banners.all];
    for (const key of [...theirs, ...catalogue]) client.setQueryData(key, { data: 'x' });
    forgetTheSignedOutPerson(client);
    for (const key of theirs) expect(client.getQueryData(key), JSON.stringify(key)).toBeUndefined();
    for (const key of catalogue) expect(client.getQueryData(key), JSON.stringify(key)).toEqual({ data: 'x' });
  });
});
