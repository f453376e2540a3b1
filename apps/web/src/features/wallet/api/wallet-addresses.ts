import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZWalletAddress, type TAddWalletAddressRequest, type TWalletAddress } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/wallet-addresses`: my saved USDC addresses. */
async function listWalletAddresses(signal?: AbortSignal): Promise<TWalletAddress[]> {
  return z.array(ZWalletAddress).parse(await apiRequest('GET', '/wallet-addresses', { auth: true, signal }));
}

export function useWalletAddresses() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.walletAddresses.lists(), queryFn: ({ signal }) => listWalletAddresses(signal) }),
  );
}

/** `POST /v1/wallet-addresses`: the USDC check, at most five, each once. */
async function addWalletAddress(body: TAddWalletAddressRequest): Promise<TWalletAddress> {
  return ZWalletAddress.parse(await apiRequest('POST', '/wallet-addresses', { body, auth: true }));
}

export function useAddWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWalletAddress,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.walletAddresses.all }),
  });
}

/** `DELETE /v1/wallet-addresses/:id`. */
async function deleteWalletAddress(id: string): Promise<void> {
  await apiRequest('DELETE', `/wallet-addresses/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteWalletAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWalletAddress,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.walletAddresses.all }),
  });
}
