import { z } from 'zod';
import { ZUuid } from './envelope.ts';

/**
 * "Remind me" on a drop (issue 22): a signed-in collector asks to be told when a round opens. At its saleBeginAt a
 * notification and an email go out once per person and round.
 */

/** `POST /v1/drops/{id}/reminders`: a round by its policy id, or (without one) the next round the caller may buy in. */
export const ZDropReminderRequest = z.strictObject({ policyId: ZUuid.optional() });
export type TDropReminderRequest = z.infer<typeof ZDropReminderRequest>;

/** `DELETE /v1/drops/{id}/reminders?policyId=`: one round's reminder, or (without one) every reminder of the drop. */
export const ZDropReminderQuery = z.object({ policyId: ZUuid.optional() });

/**
 * The round a reminder is (or would be) for, in the drop's viewer part: the caller's earliest reminder of a round not
 * open yet (`isSet`), else the next round not open yet that the caller may buy in (`isSet` false); null when neither.
 */
export const ZDropReminder = z.object({
  policyId: ZUuid,
  round: z.number().int(),
  saleBeginAt: z.iso.datetime(),
  isSet: z.boolean(),
});
export type TDropReminder = z.infer<typeof ZDropReminder>;
