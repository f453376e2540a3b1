import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSavedCard, type TAddCardRequest, type TSavedCard } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/cards`: my saved cards (brand, last four, expiry; never the number). */
async function listSavedCards(signal?: AbortSignal): Promise<TSavedCard[]> {
  return z.array(ZSavedCard).parse(await apiRequest('GET', '/cards', { auth: true, signal }));
}

export function useSavedCards(isEnabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: queryKeys.cards.lists(), queryFn: ({ signal }) => listSavedCards(signal) }),
    enabled: isEnabled,
  });
}

/** `POST /v1/cards`: Luhn-checked by the API too (INVALID_CARD_NUMBER). */
async function addSavedCard(body: TAddCardRequest): Promise<TSavedCard> {
  return ZSavedCard.parse(await apiRequest('POST', '/cards', { body, auth: true }));
}

export function useAddSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSavedCard,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  });
}

/** `DELETE /v1/cards/:id`. */
async function deleteSavedCard(id: string): Promise<void> {
  await apiRequest('DELETE', `/cards/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedCard,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cards.all }),
  });
}
