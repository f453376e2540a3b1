/**
 * The router state a notification's link carries: a page opened from a notification retells something that
 * happened earlier, where the same address reached from its own flow (a checkout's return) is news of the moment.
 */
export const fromNotification = { isFromNotification: true } as const;

export function isFromNotification(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'isFromNotification' in state && state.isFromNotification === true
  );
}
