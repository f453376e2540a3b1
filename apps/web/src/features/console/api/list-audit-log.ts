import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAuditEntry, ZPage, type TAuditEntityType, type TAuditEntry, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TAuditLogParams = { page?: number; size?: number; entityType?: TAuditEntityType; entityId?: string };

/** `GET /v1/console/audit-log` (admins): every console change, newest first. */
async function listAuditLog(params: TAuditLogParams, signal?: AbortSignal): Promise<TPage<TAuditEntry>> {
  return ZPage(ZAuditEntry).parse(await apiRequest('GET', '/console/audit-log', { query: params, auth: true, signal }));
}

function auditLogQueryOptions(params: TAuditLogParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return queryOptions({
    queryKey: queryKeys.console.list('audit-log', query),
    queryFn: ({ signal }) => listAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: TAuditLogParams) {
  return useQuery(auditLogQueryOptions(params));
}
