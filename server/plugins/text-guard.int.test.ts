import type { InjectOptions } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { changedTables, databaseFingerprint } from '../../test/fingerprint';
import { sessionFor } from '../../test/http';
import { MINIMAL_PDF, multipart, temporaryDataDir } from '../../test/uploads';
import type { App } from '../app';
import { createConversation, createCustomer, createJob, createTradesperson } from '../seed/factories';

// PostgreSQL refuses U+0000 in text, so a NUL that reached the database was a 500 (and, for an
// upload, a stored file without its row). Every text field of every request is refused instead, with
// the usual validation answer, before anything is read or written.

const NUL = '\u0000';
const MESSAGE = 'Text cannot contain null characters';

type Who = 'visitor' | 'customer' | 'tradesperson';
interface Fixture {
  app: App;
  cookies: Record<Who, string>;
  jobId: string;
  conversationId: string;
}
type Case = [name: string, who: Who, field: string, request: (f: Fixture) => Promise<InjectOptions>];

const json = (method: 'POST' | 'PUT', url: string, payload: object) => async (): Promise<InjectOptions> => ({
  method,
  url,
  payload,
});
const job = {
  title: 'Fix a dripping kitchen tap',
  category: 'Plumbing',
  description: 'The mixer tap in the kitchen drips all day and the washer needs replacing.',
  postcode: 'M1 1AE',
};
const profile = {
  trade: 'Plumber',
  bio: 'Gas Safe plumber',
  specialties: ['Boilers'],
  serviceAreas: ['Salford'],
  serviceRadiusMiles: 15,
};
const services = { trade: 'Plumber', bio: 'Gas Safe plumber', specialties: ['Boilers'] };

const CASES: Case[] = [
  ['the search words', 'visitor', 'service', async () => ({ url: '/api/v1/tradespeople?service=%00' })],
  [
    'the name at sign-up',
    'visitor',
    'fullName',
    json('POST', '/api/v1/auth/sign-up', {
      email: 'nul@example.test',
      password: 'correct horse',
      fullName: `Bob${NUL}`,
    }),
  ],
  ['a job title', 'customer', 'title', json('POST', '/api/v1/jobs', { ...job, title: `Fix a tap${NUL}` })],
  [
    'a job description',
    'customer',
    'description',
    json('POST', '/api/v1/jobs', { ...job, description: `${job.description}${NUL}` }),
  ],
  [
    'a quote message',
    'tradesperson',
    'message',
    async (f) => ({
      method: 'POST',
      url: `/api/v1/jobs/${f.jobId}/quotes`,
      payload: { amount: '120', message: `On it${NUL}` },
    }),
  ],
  [
    'a chat message',
    'customer',
    'content',
    async (f) => ({
      method: 'POST',
      url: `/api/v1/conversations/${f.conversationId}/messages`,
      payload: { content: `Hello${NUL}` },
    }),
  ],
  ['a bio', 'tradesperson', 'bio', json('PUT', '/api/v1/tradesperson/profile', { ...profile, bio: NUL })],
  [
    'a specialty',
    'tradesperson',
    'specialties.1',
    json('PUT', '/api/v1/tradesperson/profile', { ...profile, specialties: ['Boilers', `Taps${NUL}`] }),
  ],
  [
    'a service area',
    'tradesperson',
    'serviceAreas.0',
    json('PUT', '/api/v1/tradesperson/profile', { ...profile, serviceAreas: [`Leeds${NUL}`] }),
  ],
  [
    'a business name',
    'tradesperson',
    'businessName',
    json('PUT', '/api/v1/tradesperson/setup/details', {
      businessName: `Pipes${NUL} Ltd`,
      basePostcode: 'M1 1AE',
      serviceRadiusMiles: 15,
    }),
  ],
  [
    'the Business Setup bio',
    'tradesperson',
    'bio',
    json('PUT', '/api/v1/tradesperson/setup/services', { ...services, bio: `Hi${NUL}` }),
  ],
  [
    'a document title',
    'tradesperson',
    'title',
    async () => {
      const form = await multipart({ kind: 'photo_id', title: `Passport${NUL}` }, { bytes: MINIMAL_PDF });
      return { method: 'POST', url: '/api/v1/documents', headers: form.headers, payload: form.payload };
    },
  ],
  ['a path parameter', 'customer', 'id', async () => ({ url: '/api/v1/jobs/%00' })],
  [
    'a query parameter nobody reads',
    'customer',
    'unused',
    async () => ({ url: '/api/v1/jobs/mine?unused=a%00' }),
  ],
];

describeOnDatabases('null characters in text', (ctx) => {
  const db = () => ctx.database().db;
  const data = temporaryDataDir();
  afterAll(data.remove);
  let fixture: Fixture | undefined;
  const setUp = async (): Promise<Fixture> => {
    if (fixture) return fixture;
    const app = await ctx.app({ DATA_DIR: data.dir });
    const customer = await createCustomer(db());
    const pro = await createTradesperson(db(), { verified: true });
    const openJob = await createJob(db(), { customerId: customer.id });
    const conversation = await createConversation(db(), {
      participantOneId: customer.id,
      participantTwoId: pro.id,
      jobId: openJob.id,
    });
    fixture = {
      app,
      cookies: {
        visitor: '',
        customer: await sessionFor(db(), customer.id),
        tradesperson: await sessionFor(db(), pro.id),
      },
      jobId: openJob.id,
      conversationId: conversation.id,
    };
    return fixture;
  };

  it.each(CASES)('are refused in %s (%s), changing nothing', async (_name, who, field, request) => {
    const f = await setUp();
    const options = await request(f);
    const before = await databaseFingerprint(db());
    const res = await f.app.inject({
      ...options,
      headers: { ...options.headers, ...(f.cookies[who] ? { cookie: f.cookies[who] } : {}) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_error',
      message: MESSAGE,
      details: [{ field, message: MESSAGE }],
    });
    expect(changedTables(before, await databaseFingerprint(db()))).toEqual([]);
  });
});
