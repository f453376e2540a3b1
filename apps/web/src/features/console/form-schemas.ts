import {
  ticketMessages,
  ZCreateBannerRequest,
  ZCreateCollectionRequest,
  ZCreateFigureBaseRequest,
  ZCreateLicenseRequest,
  ZCreateProductRequest,
  ZCreateTicketKindRequest,
  ZEmail,
  ZSetRaffleRequest,
  ZTicketGrantCount,
  type TGrantTicketsRequest,
} from '@cypher/contract';
import { z } from 'zod';
import { dollarsToCents, priceProblem } from './drop-form-values.ts';

/**
 * The console forms validate with the contract's create schemas (the API uses the very same), with one addition: an
 * unchosen brand (or collection) says so in words rather than as a malformed id.
 */
const chooseBrandMessage = 'Choose a brand.';
const ZChosenBrand = z.uuid({ error: chooseBrandMessage });
const ZChosenCollection = z.uuid({ error: 'Choose a collection.' });

export const ZLicenseForm = ZCreateLicenseRequest.extend({ brandId: ZChosenBrand });
export const ZCollectionForm = ZCreateCollectionRequest.extend({ brandId: ZChosenBrand });
export const ZProductForm = ZCreateProductRequest.extend({ brandId: ZChosenBrand });
export const ZBannerForm = ZCreateBannerRequest;
/** A slot's "Fits" and rarity selects hold null for "any" (they are controlled), so only the collection needs words. */
export const ZFigureBaseForm = ZCreateFigureBaseRequest.extend({ collectionId: ZChosenCollection });
export type TFigureBaseFormValues = z.input<typeof ZFigureBaseForm>;
export type TFigureBaseFormOutput = z.output<typeof ZFigureBaseForm>;

/**
 * A kind of ticket as its form holds it: the brand '' for the marketplace's own (admins), the price in dollars as
 * typed ('' for "not for sale"), sent as the contract's create body (cents, or null).
 */
export const ZTicketKindForm = ZCreateTicketKindRequest.extend({
  brandId: z.union([z.literal('').transform(() => null), z.uuid({ error: chooseBrandMessage })]),
  price: z.string().transform((text, context) => {
    if (text.trim() === '') return null;
    const problem = priceProblem(text, 1_000_000, ticketMessages.price);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return dollarsToCents(text);
  }),
});
export type TTicketKindFormValues = z.input<typeof ZTicketKindForm>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A brand's manager names the person by user id only: whether an address has an account is an admin's to learn. */
const grantRecipientIdFormat = 'Enter the user id of an account.';

/**
 * A console grant as its form holds it: one box for the person (an email address or a user id for an admin, a user id
 * for a brand's manager, whom the API refuses an address), sent as either.
 */
export function ticketGrantFormSchema({ isEmailAllowed }: { isEmailAllowed: boolean }) {
  return z
    .object({
      recipient: z.string().trim(),
      count: ZTicketGrantCount,
      note: z.string().trim().max(500),
    })
    .transform((value, context): TGrantTicketsRequest => {
      const note = value.note === '' ? null : value.note;
      if (uuidPattern.test(value.recipient)) return { userId: value.recipient.toLowerCase(), count: value.count, note };
      const email = isEmailAllowed ? ZEmail.safeParse(value.recipient) : undefined;
      if (!email?.success) {
        const message = isEmailAllowed ? ticketMessages.grantRecipientFormat : grantRecipientIdFormat;
        context.addIssue({ code: 'custom', path: ['recipient'], message });
        return z.NEVER;
      }
      return { email: email.data, count: value.count, note };
    });
}
export type TTicketGrantFormValues = z.input<ReturnType<typeof ticketGrantFormSchema>>;

/**
 * A raffle as its form holds it: "Free entry" is the ticket select's '' (sent as null), an unpicked time is null
 * (asked for in words), and the contract's request checks the rest (registration closes after it opens).
 */
export const ZRaffleForm = z
  .object({
    // Each field checked against the contract's own range here too, so that every field is told at once: the request
    // schema the form pipes into runs only once all of them parse.
    places: z.number({ error: 'Enter how many places the raffle gives.' }).pipe(ZSetRaffleRequest.shape.places),
    registrationOpensAt: z.iso.datetime({ error: 'Choose when registration opens.' }),
    registrationClosesAt: z.iso.datetime({ error: 'Choose when registration closes.' }),
    ticketKindId: z.string().transform((id) => (id === '' ? null : id)),
    isFreeForPassHolders: z.boolean(),
    ticketsOnLoss: ZSetRaffleRequest.shape.ticketsOnLoss,
    purchaseWindowMinutes: z
      .number({ error: 'Enter the winners’ purchase window in minutes.' })
      .pipe(ZSetRaffleRequest.shape.purchaseWindowMinutes),
  })
  .pipe(ZSetRaffleRequest);
export type TRaffleFormValues = z.input<typeof ZRaffleForm>;
