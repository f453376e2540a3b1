import { z } from 'zod';

/**
 * The legal documents (spec section 2: /terms with section anchors, privacy and cookie pages). Each is versioned;
 * GET /v1/terms/{type} answers the newest version already in effect.
 */
export const termsTypes = ['tos', 'privacy', 'cookie', 'marketing'] as const;
export const ZTermsType = z.enum(termsTypes);
export type TTermsType = z.infer<typeof ZTermsType>;

/** One section: `id` is the anchor the web links to (`/terms#tos`, `/terms#eligibility`). */
export const ZTermsSection = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type TTermsSection = z.infer<typeof ZTermsSection>;

export const ZTermsDocument = z.object({
  type: ZTermsType,
  title: z.string(),
  version: z.string(),
  effectiveAt: z.string(),
  sections: z.array(ZTermsSection),
});
export type TTermsDocument = z.infer<typeof ZTermsDocument>;
