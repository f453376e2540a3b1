import { describe, expect, it } from 'vitest';
import { errorCatalogue, messageForError } from './errors.ts';

// Spec section 8, copied here on purpose: if anyone edits a message in the catalogue, this test says so.
const specCatalogue: Record<string, string> = {
  DUPLICATE_ID_EXISTS: 'This email already exists.',
  USER_ID_NOT_FOUND: 'We were unable to find an account that uses this email address! Please check and try again.',
  INVALID_PASSWORD: 'Email or password is invalid.',
  EMAIL_VERIFICATION_REQUIRED: 'Please verify your email.',
  ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD: 'Please avoid using your previous password.',
  USER_ALREADY_EXISTS: 'This email address is already registered!',
  INVALID_AUTHORIZATION_KEY: 'Invalid verification key.',
  UPLOAD_FILE_ABSENT: 'No registered file.',
  UNSUPPORTED_MIMETYPE: 'Unsupported file type.',
  MEDIA_NOT_FOUND: 'Media file does not exist.',
  IMAGE_REQUIRED_IN_IMAGE_FIELD: 'Unsupported content type.',
  IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD: 'Unsupported content type.',
  REQUEST_MAXIMUN: 'You have exceeded the maximum number of requests.',
};

describe('error catalogue', () => {
  it.each(Object.entries(specCatalogue))('%s carries the spec message', (code, message) => {
    expect(errorCatalogue[code as keyof typeof errorCatalogue].message).toBe(message);
  });

  it('gives every code a 4xx or 5xx status', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.status, code).toBeLessThan(600);
    }
  });

  // Spec section 8 names the "resubmit ID" popup without its wording: these are ours, and the web shows them as sent.
  it('refuses withdrawals for identity with 403 and the agreed wording', () => {
    expect(errorCatalogue.IDENTITY_VERIFICATION_REQUIRED).toEqual({
      status: 403,
      message: 'Please verify your identity before withdrawing.',
    });
    expect(errorCatalogue.IDENTITY_VERIFICATION_FAILED).toEqual({
      status: 403,
      message: 'We could not verify your identity. Please resubmit your ID.',
    });
    expect(errorCatalogue.IDENTITY_PROVIDER_UNAVAILABLE.status).toBe(502);
  });

  it('uses the statuses the spec names for rate limits and country restrictions', () => {
    expect(errorCatalogue.REQUEST_MAXIMUN.status).toBe(429);
    expect(errorCatalogue.COUNTRY_RESTRICTED.status).toBe(499);
  });
});

describe('messageForError', () => {
  it('looks the message up by code', () => {
    expect(messageForError({ code: 'INVALID_PASSWORD', message: 'server words' })).toBe(
      'Email or password is invalid.',
    );
  });
  it('looks the message up by the error field when there is no code', () => {
    expect(messageForError({ error: 'REQUEST_MAXIMUN' })).toBe('You have exceeded the maximum number of requests.');
  });
  it('falls back to the body message for an unknown code', () => {
    expect(messageForError({ code: 'SOMETHING_NEW', message: 'A new thing went wrong.' })).toBe(
      'A new thing went wrong.',
    );
  });
  it('falls back to the generic message when the body says nothing', () => {
    expect(messageForError(null)).toBe(errorCatalogue.INTERNAL_ERROR.message);
    expect(messageForError('<html>', 'Offline')).toBe('Offline');
  });
});
