import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZBankAccount,
  ZBankAccountDetail,
  type TAddBankAccountRequest,
  type TBankAccount,
  type TBankAccountDetail,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/bank-accounts`: my saved bank accounts, labelled, the account number masked to its last four. */
async function listBankAccounts(signal?: AbortSignal): Promise<TBankAccount[]> {
  return z.array(ZBankAccount).parse(await apiRequest('GET', '/bank-accounts', { auth: true, signal }));
}

export function useBankAccounts() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.bankAccounts.lists(), queryFn: ({ signal }) => listBankAccounts(signal) }),
  );
}

/** `GET /v1/bank-accounts/:id`: the whole details, to fill in the wire form. */
async function getBankAccount(id: string, signal?: AbortSignal): Promise<TBankAccountDetail> {
  return ZBankAccountDetail.parse(
    await apiRequest('GET', `/bank-accounts/${encodeURIComponent(id)}`, { auth: true, signal }),
  );
}

export function bankAccountQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.bankAccounts.detail(id),
    queryFn: ({ signal }) => getBankAccount(id, signal),
  });
}

/** `POST /v1/bank-accounts`: checked by the API with the wire withdrawal's rules; at most five. */
async function addBankAccount(body: TAddBankAccountRequest): Promise<TBankAccount> {
  return ZBankAccount.parse(await apiRequest('POST', '/bank-accounts', { body, auth: true }));
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBankAccount,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts.all }),
  });
}

/** `DELETE /v1/bank-accounts/:id`. */
async function deleteBankAccount(id: string): Promise<void> {
  await apiRequest('DELETE', `/bank-accounts/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankAccount,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts.all }),
  });
}
