import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OwnProfileResponse, PictureResponse } from '../../../domain/profiles/api';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '../../../domain/profiles/documents';
import { SetupDetailsBody, SetupServicesBody, UpdateProfileBody } from '../../../domain/profiles/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import {
  completeSetup,
  getOwnProfile,
  type ProfileDeps,
  removePicture,
  replacePicture,
  saveProfile,
  saveSetupDetails,
  saveSetupServices,
} from './profile.service';
import { tradespersonOnly } from './tradesperson';
import { readUpload } from './uploads';

const doc = openApiDoc('tradesperson profile');

/** A tradesperson's own profile, picture and Business Setup steps (docs/api/profiles.md). */
export const tradespersonProfileRoutes =
  (deps: ProfileDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart);
    app.addHook('preValidation', tradespersonOnly);

    app.get(
      '/tradesperson/profile',
      doc("The signed-in tradesperson's own profile", { response: { 200: OwnProfileResponse } }),
      async (request) => ({ profile: await getOwnProfile(deps, requireUser(request)) }),
    );

    app.put(
      '/tradesperson/profile',
      doc('Save the Edit Profile form', { body: UpdateProfileBody, response: { 200: OwnProfileResponse } }),
      async (request) => ({ profile: await saveProfile(deps, requireUser(request), request.body) }),
    );

    app.put(
      '/tradesperson/setup/details',
      doc('Business Setup step 1: Business Details', {
        body: SetupDetailsBody,
        response: { 200: OwnProfileResponse },
      }),
      async (request) => ({ profile: await saveSetupDetails(deps, requireUser(request), request.body) }),
    );

    app.put(
      '/tradesperson/setup/services',
      doc('Business Setup step 2: Services & Pricing', {
        body: SetupServicesBody,
        response: { 200: OwnProfileResponse },
      }),
      async (request) => ({ profile: await saveSetupServices(deps, requireUser(request), request.body) }),
    );

    app.post(
      '/tradesperson/setup/complete',
      doc('Finish Business Setup', { response: { 200: OwnProfileResponse } }),
      async (request) => ({ profile: await completeSetup(deps, requireUser(request)) }),
    );

    app.post(
      '/tradesperson/profile/picture',
      doc('Upload a profile picture (multipart field `file`: JPEG, PNG or WebP, at most 5 MB)', {
        consumes: ['multipart/form-data'],
        response: { 200: PictureResponse },
      }),
      async (request) => {
        const auth = requireUser(request);
        const upload = await readUpload(request, {
          maxBytes: UPLOAD_LIMITS.pictureMaxBytes,
          messages: { tooBig: UPLOAD_MESSAGES.pictureTooBig, missing: UPLOAD_MESSAGES.pictureMissing },
        });
        return { avatarUrl: await replacePicture(deps, auth, upload.bytes, request.log) };
      },
    );

    app.delete('/tradesperson/profile/picture', doc('Remove the profile picture'), async (request, reply) => {
      await removePicture(deps, requireUser(request), request.log);
      return reply.status(204).send();
    });
  };
