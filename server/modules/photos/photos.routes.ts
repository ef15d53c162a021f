import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PhotoResponse } from '../../../domain/photos/api';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../domain/photos/rules';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { readUpload } from '../profiles';
import { type PhotoDeps, photoFile, removePendingPhoto, uploadPhoto } from './photos.service';

const doc = openApiDoc('photos');

const IdParams = z.object({ id: z.uuid() });

// A copy's bytes never change under its id (a new photo gets a new id), so browsers keep it; private,
// as only some users may see it.
const PHOTO_CACHE = 'private, max-age=86400, immutable';

// Upload, remove and serve photos (docs/api/photos.md). Thin: the service owns the rules.
export const photoRoutes =
  (deps: PhotoDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart);

    app.post(
      '/photos',
      doc(
        'Upload a photo (multipart: `file`, JPEG, PNG, HEIC/HEIF or WebP up to 10 MB; `caption` optional); it waits, pending, to be named on a job or change',
        { consumes: ['multipart/form-data'], response: { 201: PhotoResponse } },
      ),
      async (request, reply) => {
        const auth = requireUser(request);
        const upload = await readUpload(request, {
          maxBytes: PHOTO_LIMITS.maxBytes,
          fields: ['caption'],
          messages: { tooBig: PHOTO_MESSAGES.tooBig, missing: PHOTO_MESSAGES.missing },
        });
        const photo = await uploadPhoto(deps, auth, { bytes: upload.bytes, caption: upload.fields.caption });
        return reply.status(201).send({ photo });
      },
    );

    app.delete(
      '/photos/:id',
      doc('Remove one of my photos not attached to anything yet', { params: IdParams }),
      async (request, reply) => {
        await removePendingPhoto(deps, requireUser(request), request.params.id);
        return reply.status(204).send();
      },
    );

    for (const copy of ['display', 'thumb'] as const) {
      app.get(
        `/photos/:id/${copy}`,
        doc(
          copy === 'display'
            ? "A photo's display copy (WebP, at most 1600 px, no metadata), to who may see its job or change"
            : "A photo's thumbnail (WebP, at most 400 px, no metadata), to who may see its job or change",
          { params: IdParams },
        ),
        async (request, reply) => {
          const file = await photoFile(deps, requireUser(request), request.params.id, copy);
          reply
            .type('image/webp')
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', PHOTO_CACHE);
          if (file.size !== undefined) reply.header('content-length', file.size);
          return reply.send(file.body);
        },
      );
    }
  };
