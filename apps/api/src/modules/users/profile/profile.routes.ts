import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateProfileRequest, ZData, ZMyUser, ZUpdateProfileRequest, ZUploadedImage } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { principalOf } from '../../../http/auth-guard.ts';
import { readFileUpload } from '../../../http/uploads/read-file-upload.ts';
import { profileImageKinds } from '../users.tables.ts';
import { createProfile } from './create-profile.ts';
import { updateProfile } from './update-profile.ts';
import { uploadProfileImage } from './upload-profile-image.ts';

const tags = ['users'];
const security = [{ bearer: [] }];

/**
 * Profile creation and edit. Images go up first, one multipart request each (field `file`), and the profile then
 * names them by URL in a JSON body: the form stays plain JSON, the upload shows its own progress and errors, and a
 * failed nickname never throws away an upload.
 */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { requireAuth } = ctx.guard;
  return async (app) => {
    app.post(
      '/v1/users/media/:kind',
      {
        onRequest: requireAuth,
        config: { hasUndeclaredBody: true },
        schema: {
          tags,
          summary:
            'Upload a profile photo (JPEG, PNG, GIF or WebP, up to 5 MB) or background (at least 1440x397, under 5 MB)',
          security,
          consumes: ['multipart/form-data'],
          params: z.object({ kind: z.enum(profileImageKinds) }),
          response: { 201: ZData(ZUploadedImage) },
        },
      },
      async (request, reply) => {
        const read = async (maxBytes: number) => (await readFileUpload(request, { field: 'file', maxBytes })).bytes;
        const uploaded = await uploadProfileImage(ctx, principalOf(request), request.params.kind, read);
        return reply.status(201).send({ data: uploaded });
      },
    );

    app.post(
      '/v1/users/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Create the profile (nickname, photo, marketing consent): EMAIL_VERIFIED -> ACTIVE',
          security,
          body: ZCreateProfileRequest,
          response: { 201: ZData(ZMyUser) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await createProfile(ctx, principalOf(request), request.body) }),
    );

    app.patch(
      '/v1/users/profile',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          summary: 'Edit the profile: nickname, photo, background, marketing consent (null removes an image)',
          security,
          body: ZUpdateProfileRequest,
          response: { 200: ZData(ZMyUser) },
        },
      },
      async (request) => ({ data: await updateProfile(ctx, principalOf(request), request.body) }),
    );
  };
}
