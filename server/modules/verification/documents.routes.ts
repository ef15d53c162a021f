import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DocumentResponse, DocumentsResponse } from '../../../domain/profiles/api';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '../../../domain/profiles/documents';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { SESSION_OPTIONAL } from '../../plugins/openapi';
import { readUpload, tradespersonOnly } from '../profiles';
import { type DocumentDeps, deleteDocument, fileFor, myDocuments, uploadDocument } from './documents.service';

const doc = openApiDoc('documents');

const YEAR_SECONDS = 31_536_000;

/** Verification documents a tradesperson uploads, and the stored files they and profile pictures point at (docs/api/verification.md). */
export const documentRoutes =
  (deps: DocumentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart);

    app.get(
      '/documents',
      doc(
        "The tradesperson's verification documents, newest first",
        { response: { 200: DocumentsResponse } },
        { preValidation: tradespersonOnly },
      ),
      async (request) => myDocuments(deps, requireUser(request)),
    );

    app.post(
      '/documents',
      doc(
        'Upload a verification document (multipart: kind, title, expiresOn, replaces, file)',
        { consumes: ['multipart/form-data'], response: { 201: DocumentResponse } },
        { preValidation: tradespersonOnly },
      ),
      async (request, reply) => {
        const auth = requireUser(request);
        const upload = await readUpload(request, {
          maxBytes: UPLOAD_LIMITS.documentMaxBytes,
          fields: ['kind', 'title', 'expiresOn', 'replaces'],
          messages: { tooBig: UPLOAD_MESSAGES.documentTooBig, missing: UPLOAD_MESSAGES.documentMissing },
        });
        const document = await uploadDocument(deps, auth, upload, request.log);
        return reply.status(201).send({ document });
      },
    );

    app.delete(
      '/documents/:id',
      doc(
        'Withdraw a document that is still waiting for review',
        { params: z.object({ id: z.uuid() }) },
        { preValidation: tradespersonOnly },
      ),
      async (request, reply) => {
        await deleteDocument(deps, requireUser(request), request.params.id, request.log);
        return reply.status(204).send();
      },
    );

    app.get(
      '/files/*',
      doc('A stored file: profile pictures to anyone, documents to their owner and admins', {
        security: SESSION_OPTIONAL,
        // Storage keys are short server-made paths; a longer one could only be a 404.
        params: z.object({ '*': z.string().max(1024) }),
      }),
      async (request, reply) => {
        const file = await fileFor(deps, request.auth, request.params['*']);
        reply
          .type(file.contentType)
          // The stored type was decided from the content; the browser must not second-guess it.
          .header('x-content-type-options', 'nosniff')
          .header(
            'cache-control',
            // A picture's key changes with every upload, so its bytes never change under one URL.
            file.isPublic ? `public, max-age=${YEAR_SECONDS}, immutable` : 'private, no-store',
          );
        if (file.downloadAs !== undefined) {
          // A document is saved, never shown in the page: whatever a viewer might do with it happens
          // outside our origin, and the sandbox keeps it from running as a page of ours if opened.
          reply
            .header('content-disposition', attachmentHeader(file.downloadAs))
            .header('content-security-policy', "sandbox; default-src 'none'");
        }
        if (file.size !== undefined) reply.header('content-length', file.size);
        return reply.send(file.body);
      },
    );
  };

/** RFC 6266: an ASCII name for old clients and the exact UTF-8 name for the rest. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
