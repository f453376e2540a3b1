import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * `GET /v1/console/redeem-batches/:id/codes.csv`: the batch's codes as CSV (`number,code`), read with the bearer token
 * (a plain link could not carry it) and handed to the browser as a file. Every export goes in the audit log.
 */
async function downloadRedeemCodes({ id, fallbackName }: { id: string; fallbackName: string }): Promise<string> {
  const { blob, filename } = await apiDownload(`/console/redeem-batches/${encodeURIComponent(id)}/codes.csv`, {
    auth: true,
    headers: { Accept: 'text/csv' },
  });
  const name = filename ?? fallbackName;
  saveFile(blob, name);
  return name;
}

export function useDownloadRedeemCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadRedeemCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
  });
}
