import type { QueryClient } from '@tanstack/react-query';
import type { TConsoleAttendanceCalendar } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * After a calendar is created, changed or deleted: the calendar as the API now holds it shows at once (or is
 * dropped), and the console's calendar lists, the audit log and collectors' attendance are read again.
 */
export async function invalidateAfterAttendanceChange(
  queryClient: QueryClient,
  change: { saved: TConsoleAttendanceCalendar } | { deletedId: string },
): Promise<void> {
  if ('saved' in change) {
    queryClient.setQueryData(queryKeys.console.detail('attendance-calendars', change.saved.id), change.saved);
  } else {
    queryClient.removeQueries({ queryKey: queryKeys.console.detail('attendance-calendars', change.deletedId) });
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.console.list('attendance-calendars'), exact: false }),
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.attendance.all }),
  ]);
}
