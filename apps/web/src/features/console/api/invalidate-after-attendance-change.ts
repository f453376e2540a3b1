import type { QueryClient } from '@tanstack/react-query';
import type { TConsoleAttendanceCalendar } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * After a calendar is created, changed or deleted: the calendar as the API now holds it shows at once, and the
 * console's calendar lists, the audit log and collectors' attendance are read again. A deleted one is forgotten once
 * its page has gone (DeleteEntryAction), not here, while the page still reads it.
 */
export async function invalidateAfterAttendanceChange(
  queryClient: QueryClient,
  change: { saved: TConsoleAttendanceCalendar } | 'deleted',
): Promise<void> {
  if (change !== 'deleted') {
    queryClient.setQueryData(queryKeys.console.detail('attendance-calendars', change.saved.id), change.saved);
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.console.list('attendance-calendars'), exact: false }),
    queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
    queryClient.invalidateQueries({ queryKey: queryKeys.attendance.all }),
  ]);
}
