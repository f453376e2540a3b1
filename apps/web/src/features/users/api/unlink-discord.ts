import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDiscordUnlinked, type TDiscordUnlinked } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `DELETE /v1/discords/link`: DAO roles are reset and reconnecting waits 14 days. */
async function unlinkDiscord(): Promise<TDiscordUnlinked> {
  return ZDiscordUnlinked.parse(await apiRequest('DELETE', '/discords/link', { auth: true }));
}

export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkDiscord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.my() }),
  });
}
