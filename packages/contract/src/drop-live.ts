import { z } from 'zod';
import { ZUuid } from './envelope.ts';
import { dropLiveRoundStates, type TDropLiveCountsShape } from './drop-live-rules.ts';
import { ZDropStatus } from './drops.ts';

/**
 * `GET /v1/drops/{id}/live` (text/event-stream): every `counts` event's data, once on connecting and then whenever a
 * purchase, a hold, a released hold or a gift pack given changes them (a few a second at most). The counts are the
 * drop view's own (`GET /v1/drops/{id}`: the same rounds, sold counts, sold-out state and gift packs given).
 */
export const ZDropLiveCounts = z.object({
  dropId: ZUuid,
  status: ZDropStatus,
  isSoldOut: z.boolean(),
  counts: z.object({ dropCount: z.number().int(), soldCount: z.number().int() }),
  rounds: z.array(
    z.object({
      id: ZUuid,
      round: z.number().int(),
      soldCount: z.number().int(),
      leftCount: z.number().int(),
      heldBackLeftCount: z.number().int(),
      state: z.enum(dropLiveRoundStates),
    }),
  ),
  giftRound: z.object({ packCount: z.number().int(), givenCount: z.number().int() }).nullable(),
  at: z.iso.datetime(),
}) satisfies z.ZodType<TDropLiveCountsShape>;
export type TDropLiveCounts = z.infer<typeof ZDropLiveCounts>;
