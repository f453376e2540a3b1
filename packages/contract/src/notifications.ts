import { z } from 'zod';
import { ZUuid } from './envelope.ts';

/**
 * The one notification mechanism (spec section 4): purchases, tickets, passes, fusion, airdrops and redeems each write
 * a notification at every stage they reach; so do funds added (DEPOSIT), each step of a withdrawal (WITHDRAWAL), a
 * drop round someone asked to be reminded of (DROP_REMINDER, stage OPENED: the round is on sale now) and the rewards of
 * a daily check-in (ATTENDANCE).
 */
export const notificationKinds = [
  'PURCHASE',
  'TICKET',
  'PASS',
  'FUSION',
  'AIRDROP',
  'REDEEM',
  'DEPOSIT',
  'WITHDRAWAL',
  'DROP_REMINDER',
  'ATTENDANCE',
] as const;
export type TNotificationKind = (typeof notificationKinds)[number];

export const notificationStages = ['PENDING', 'SUCCESSFUL', 'FAILED', 'TIMED_OUT', 'OPENED'] as const;
export type TNotificationStage = (typeof notificationStages)[number];

export const ZNotification = z.object({
  id: ZUuid,
  kind: z.enum(notificationKinds),
  stage: z.enum(notificationStages),
  title: z.string(),
  body: z.string(),
  /** Where the notification leads in the web app, for example `/purchase/<id>/status`. */
  linkPath: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /v1/notifications`: newest first by cursor (they arrive while someone reads), with the unread count. */
export const ZNotificationsPage = z.object({
  items: z.array(ZNotification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;
