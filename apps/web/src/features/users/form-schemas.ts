import { ZCreateProfileRequest } from '@cypher/contract';
import { z } from 'zod';

/**
 * The profile forms: the contract's nickname rule and words (the API validates with the same schema). The images
 * are uploaded on choosing and carried as their URLs, outside the form values.
 */
export const ZProfileForm = ZCreateProfileRequest.pick({ nickname: true }).extend({ marketingConsent: z.boolean() });

export const nicknameHint = 'Letters only (A-Z), 3 to 30. Other collectors see it.';
