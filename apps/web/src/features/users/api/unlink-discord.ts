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
    // After a failure too: a lost answer may be of a disconnect that went through (a retry is told it is not
    // connected), and the page should say what is so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.my() }),
  });
}
