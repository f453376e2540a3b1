import { ZCreateProfileRequest } from '@cypher/contract';
import { z } from 'zod';

/**
 * The profile forms: the contract's nickname rule and words (the API validates with the same schema). The images
 * are uploaded on choosing and carried as their URLs, outside the creation form's values.
 */
export const ZProfileForm = ZCreateProfileRequest.pick({ nickname: true }).extend({ marketingConsent: z.boolean() });

/**
 * Editing the profile also holds the images' URLs (null: none), so a photo chosen and not yet saved counts as an
 * unsaved change like a nickname typed.
 */
export const ZProfileEditForm = ZProfileForm.extend({
  photoUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
});

export const nicknameHint = 'Letters only (A-Z), 3 to 30. Other collectors see it.';
