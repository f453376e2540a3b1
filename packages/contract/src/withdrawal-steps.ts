import { z } from 'zod';
import { ZWithdrawal, ZWithdrawalHistoryEntry } from './withdrawals.ts';

/** One step of my withdrawal as I see it: the state, when, and the reason given; not which admin moved it. */
export const ZWithdrawalStep = ZWithdrawalHistoryEntry.omit({ by: true });
export type TWithdrawalStep = z.infer<typeof ZWithdrawalStep>;

/** `GET /v1/withdrawals` items: the withdrawal with its steps so far, oldest first (submitted is always the first). */
export const ZMyWithdrawal = ZWithdrawal.extend({ steps: z.array(ZWithdrawalStep) });
export type TMyWithdrawal = z.infer<typeof ZMyWithdrawal>;
