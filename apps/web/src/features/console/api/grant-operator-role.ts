import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOperatorGrant, type TGrantOperatorRoleRequest, type TOperatorGrant } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `POST /v1/console/operators` (admins): gives an existing account a role (brand managers also get a brand). */
async function grantOperatorRole(body: TGrantOperatorRoleRequest): Promise<TOperatorGrant> {
  return ZOperatorGrant.parse(await apiRequest('POST', '/console/operators', { body, auth: true }));
}

export function useGrantOperatorRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantOperatorRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('operators') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
      ]),
  });
}
