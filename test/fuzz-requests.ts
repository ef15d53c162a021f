// Requests that are wrong on purpose, generated from the OpenAPI document: the fuzz suite
// (server/fuzz.int.test.ts) sends them through `inject`, the fuzz benchmark (bench/fuzz.ts) over HTTP.
//
// Every request starts from a plausible one (the operation's parameters and body filled from their
// schemas, with known ids) and is then spoilt: first by "chaos" that may or may not make it invalid
// (extra, missing and odd fields, huge strings, prototype keys, unknown ids), then by one or two
// "poisons", each of which alone guarantees that the server must refuse it and change nothing (a NUL
// character anywhere, malformed JSON, a type the schema does not allow, a required field missing, a
// string over its limit, a non-uuid id, another site's Origin …). A poison is applied last, so nothing
// undoes it, and a request the server accepted is therefore a bug, however valid the rest looks.
import fc from 'fast-check';

/* ------------------------------------------------------------------------- the OpenAPI document */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  /** 'POST /api/v1/jobs/{id}/quotes' */
  id: string;
  method: string;
  path: string;
  pathParams: Param[];
  query: Param[];
  /** The JSON body's schema; absent when the route declares none. */
  body?: JsonSchema;
  /** Upload routes read a multipart form in the handler, so the document shows no body for them. */
  multipart: boolean;
}

interface OpenApiOperation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        // The upload routes say so in their summary ("multipart: kind, title, expiresOn, file").
        multipart: /multipart/i.test(op.summary ?? ''),
      });
    }
  }
  return operations;
}

/* ------------------------------------------------------------------------------- what is known */

export interface FuzzContext {
  /** Ids of real rows (users, jobs, quotes, bookings, conversations, notifications, documents). */
  ids: string[];
  /** Keys of stored files, for GET /files/*. */
  fileKeys: string[];
  /**
   * Ids the payment provider hands out (the sandbox's checkout sessions and onboarding links): the path
   * ids of its hosted pages, where holding one is the authority, and verify-payment's sessionId. Without
   * them those routes only ever see ids that do not exist.
   */
  capabilities?: string[];
  /** A small real PNG and a PDF, so that an upload is refused for its poison, not for its file. */
  png: Buffer;
  pdf: Buffer;
}

/** A request, ready for `inject` or `fetch` (the caller adds the session cookie). */
export interface FuzzRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The chaos and poisons applied, for the report of a failure. */
  spoilt: string[];
}

export function describeRequest(r: FuzzRequest): string {
  const payload =
    r.payload === undefined
      ? ''
      : ` body(${r.payload.length} bytes)=${JSON.stringify(String(r.payload).slice(0, 300))}`;
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `${k}: ${v.slice(0, 80)}`)
    .join('; ');
  return `${r.method} ${r.url.slice(0, 300)} [${r.spoilt.join(', ')}] {${headers}}${payload}`;
}

/* ------------------------------------------------------------------------------- schema helpers */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JSON_TYPES = ['null', 'boolean', 'number', 'string', 'array', 'object'] as const;
type JsonType = (typeof JSON_TYPES)[number];

function branches(schema: JsonSchema): JsonSchema[] {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap(branches);
  if (Array.isArray(schema.type)) return schema.type.map((type) => ({ ...schema, type }));
  return [schema];
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

/** The JSON types a schema allows, or null when it allows anything. */
function allowedTypes(schema: JsonSchema): Set<JsonType> | null {
  const allowed = new Set<JsonType>();
  for (const branch of branches(schema)) {
    if (branch.enum) for (const v of branch.enum) allowed.add(typeOf(v));
    else if (typeof branch.type === 'string')
      allowed.add(branch.type === 'integer' ? 'number' : (branch.type as JsonType));
    else return null;
  }
  return allowed;
}

const isUuidSchema = (schema: JsonSchema) => branches(schema).some((b) => b.format === 'uuid');
/** The longest string a schema takes, when every string it takes has a limit. */
const maxLengthOf = (schema: JsonSchema) => {
  const limits = branches(schema)
    .filter((b) => b.type === 'string')
    .map((b) => b.maxLength);
  return limits.length > 0 && limits.every((l) => l !== undefined)
    ? Math.max(...(limits as number[]))
    : undefined;
};
const maxItemsOf = (schema: JsonSchema) =>
  branches(schema).find((b) => b.type === 'array' && b.maxItems !== undefined)?.maxItems;
/** An enum is refused a value outside it only when no branch takes a free string. */
const enumOf = (schema: JsonSchema) => {
  const all = branches(schema);
  const free = all.some((b) => b.type === 'string' && !b.enum);
  return free ? undefined : all.find((b) => b.enum)?.enum;
};

/** A path id that is not a uuid but has a shape of its own: one the provider handed out (cs_test_…). */
const isCapabilitySchema = (schema: JsonSchema) =>
  !isUuidSchema(schema) && branches(schema).some((b) => b.type === 'string' && b.pattern !== undefined);

/** The provider's webhook routes: their body is raw bytes under a signature, and no schema shows it. */
const isWebhook = (op: Operation) => op.path.includes('/webhooks/');

/** Known capabilities most of the time, when there are any, else `otherwise`. */
function capability(ctx: FuzzContext, otherwise: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const known = ctx.capabilities ?? [];
  return known.length > 0
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, otherwise)
    : otherwise;
}

/** An event as the provider posts it, about one of the objects it knows. */
function webhookEvent(ctx: FuzzContext): fc.Arbitrary<unknown> {
  return fc.record({
    id: fc.stringMatching(/^[A-Za-z0-9]{1,24}$/).map((s) => `evt_test_${s}`),
    object: fc.constant('event'),
    type: fc.constantFrom(
      'checkout.session.completed',
      'checkout.session.expired',
      'account.updated',
      'charge.refunded',
      'transfer.created',
    ),
    created: fc.integer({ min: 0, max: 2_000_000_000 }),
    data: fc.record({
      object: fc.record({
        id: capability(ctx, fc.string({ maxLength: 30 })),
        object: fc.constantFrom('checkout.session', 'account', 'refund'),
      }),
    }),
  });
}

/* ------------------------------------------------------------------------ plausible values */

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const text = (min: number, max: number) =>
  fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme-ascii' });

/** Values a field of this name takes in real requests, so a request gets past its first checks. */
function hinted(name: string, ctx: FuzzContext): fc.Arbitrary<unknown> | undefined {
  const known = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ctx.ids) }, fc.uuid());
  switch (name) {
    case 'email':
      return fc.oneof(fc.constantFrom('customer-1@example.test', 'someone@example.test'), fc.emailAddress());
    case 'password':
    case 'currentPassword':
    case 'newPassword':
      return fc.constantFrom('test-password-123', 'correct horse battery', 'x');
    case 'fullName':
      return fc.constantFrom('Test Person', 'Zoë O’Brien-Smith', 'A');
    case 'postcode':
    case 'basePostcode':
      return fc.constantFrom('M1 1AE', 'sw1a1aa', 'GIR 0AA', 'BT1 1AA', 'ZZ99 9ZZ', 'nonsense', '');
    case 'scheduledDate':
    case 'preferredStartDate':
    case 'expiresOn':
      return fc.oneof(
        fc.integer({ min: -3, max: 500 }).map(isoInDays),
        fc.constantFrom('2026-13-01', '2027-02-29', '2027-01-32', '9999-12-31', '0000-01-01', ''),
      );
    case 'amount':
      return fc.constantFrom('120', 120, '99.99', '£250', '0', '-5', '1e3', 1_000_000.01);
    case 'budgetMin':
    case 'budgetMax':
      return fc.constantFrom('50', 150, '', null, '0', -1, '12.5');
    case 'title':
      return fc.constantFrom('Fix a dripping tap', 'Tap', 'Passport');
    case 'description':
      return fc.constantFrom('The mixer tap in the kitchen drips all day and needs a washer.', 'short');
    case 'content':
    case 'message':
      return fc.constantFrom('Hello there, is Tuesday good?', '   ', '');
    case 'phone':
      return fc.constantFrom('07700 900123', '+44 (0)161 496 0000', '12');
    case 'specialties':
    case 'serviceAreas':
      return fc.array(fc.constantFrom('Boilers', 'Leeds', ' taps ', ''), { maxLength: 4 });
    case 'serviceRadiusMiles':
    case 'yearsExperience':
    case 'hourlyRateMin':
    case 'hourlyRateMax':
      return fc.constantFrom(15, '20', '', null, 0, 201);
    case 'userId':
    case 'quoteId':
    case 'jobId':
    case 'tradespersonId':
    case 'invitedTradespersonId':
    case 'id':
      return known();
    case 'token':
      return fc.stringMatching(/^[0-9a-f]{64}$/);
    // Payments: the sandbox's test cards and bank details, so a request gets as far as the provider.
    case 'sessionId':
      return capability(ctx, fc.string({ maxLength: 40 }));
    case 'cardNumber':
      return fc.constantFrom(
        '4242 4242 4242 4242',
        '4000 0000 0000 0002',
        '4000002500003155',
        '4242 4242 4242 4241',
        '',
      );
    case 'expiry':
      return fc.constantFrom('12 / 34', '01/2099', '13/30', '01/20', '');
    case 'cvc':
      return fc.constantFrom('123', '1234', '12', '');
    case 'legalName':
      return fc.constantFrom('Tom Trade', 'A');
    case 'dateOfBirth':
      return fc.constantFrom('1985-04-12', '12/04/1985');
    case 'sortCode':
      return fc.constantFrom('10-88-00', '108800', '10-88');
    case 'accountNumber':
      return fc.constantFrom('00012345', '1234');
    case 'reason':
      return fc.constantFrom('The work was not done', '');
    case 'amountPence':
      return fc.constantFrom(1_000, 0, -5, 1.5, 10_000_000);
    default:
      return undefined;
  }
}

function plausible(schema: JsonSchema, name: string, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  const hint = hinted(name, ctx);
  if (hint) return hint;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = branches(schema);
  if (options.length > 1) return fc.oneof(...options.map((b) => plausible(b, name, ctx, depth)));
  const only = options[0]!;
  switch (only.type) {
    case 'string':
      return only.format === 'uuid'
        ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ctx.ids) }, fc.uuid())
        : text(only.minLength ?? 0, Math.min(only.maxLength ?? 30, (only.minLength ?? 0) + 30));
    case 'integer':
    case 'number':
      return fc.integer({ min: only.minimum ?? -10, max: Math.min(only.maximum ?? 1000, 1000) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(only.items ?? {}, name, ctx, depth + 1), {
        maxLength: Math.min(only.maxItems ?? 4, 4),
      });
    case 'object': {
      if (depth > 3 || !only.properties) return fc.constant({});
      const required = new Set(only.required ?? []);
      const keys = Object.keys(only.properties);
      return fc.record(
        Object.fromEntries(keys.map((k) => [k, plausible(only.properties![k]!, k, ctx, depth + 1)])),
        { requiredKeys: keys.filter((k) => required.has(k)) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/* --------------------------------------------------------------------------- the draft request */

interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

interface Draft {
  pathValues: Record<string, string>;
  query: [string, string][];
  /** undefined: no body. */
  body: unknown;
  /** The body's text, when a poison wrote it by hand (malformed JSON, prototype keys, too large). */
  text?: string;
  contentType?: string;
  headers: Record<string, string>;
  multipart?: { fields: [string, string][]; files: FilePart[]; cut?: number; boundaryHeader?: string };
  spoilt: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Strings holding one to three NUL characters, anywhere in them. */
const withNul = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: 3 }))
  .map(([a, b, n]) => `${a}${'\u0000'.repeat(n)}${b}`);

/** Anything but a uuid, and never a path segment a URL parser would resolve ('.', '..'). */
const notUuid = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 60 }),
    fc.constantFrom(
      '0',
      'null',
      'undefined',
      'NaN',
      '-1',
      "' or 1=1 --",
      '%',
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
      '6f1c1b2e6a434d5e9a7b2f0c1d3e4f5a',
      '6f1c1b2e-6a43-4d5e-9a7b-2f0c1d3e4f5aa',
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      '{id}',
      'a'.repeat(99),
      '😀',
    ),
  )
  .filter((v) => !UUID.test(v) && v.trim() !== '' && v !== '.' && v !== '..');

/* --------------------------------------------------------------------------------------- chaos */

type Chaos =
  | { kind: 'extra field'; key: string; value: unknown }
  | { kind: 'drop field'; field: string }
  | { kind: 'odd value'; field: string; value: unknown }
  | { kind: 'huge string'; field: string; length: number; char: string }
  | { kind: 'extra query'; key: string; value: string }
  | { kind: 'odd query'; key: string; value: string }
  | { kind: 'accept'; value: string }
  | { kind: 'unknown id'; param: string; value: string };

function chaosFor(op: Operation, ctx: FuzzContext): fc.Arbitrary<Chaos> {
  const fields = Object.keys(op.body?.properties ?? {});
  const options: fc.Arbitrary<Chaos>[] = [
    fc.record({
      kind: fc.constant('accept' as const),
      value: fc.constantFrom('*/*', 'text/html', 'application/xml', 'x/y'),
    }),
    fc.record({
      kind: fc.constant('extra query' as const),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'limit', 'cursor'),
        fc.string({ maxLength: 10 }),
      ),
      value: fc.string({ maxLength: 40 }),
    }),
  ];
  if (op.query.length > 0) {
    options.push(
      fc.record({
        kind: fc.constant('odd query' as const),
        key: fc.constantFrom(...op.query.map((q) => q.name)),
        value: fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('', '0', '-1', '1e309', 'a'.repeat(150), '😀'),
        ),
      }),
    );
  }
  const uuidParams = op.pathParams.filter((p) => isUuidSchema(p.schema));
  if (uuidParams.length > 0) {
    options.push(
      fc.record({
        kind: fc.constant('unknown id' as const),
        param: fc.constantFrom(...uuidParams.map((p) => p.name)),
        value: fc.uuid(),
      }),
    );
  }
  if (op.body || op.method !== 'GET') {
    const key = fc.oneof(
      fc.constantFrom(
        'prototype',
        'constructor',
        'toString',
        'hasOwnProperty',
        'isAdmin',
        'id',
        'status',
        'customerId',
        'amount',
        'role',
      ),
      fc.string({ maxLength: 12 }),
    );
    // `constructor` holding `prototype` is a poison (secure-json-parse refuses it); as chaos it stays shallow.
    const value = fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(true, 'admin', 0, null));
    options.push(fc.record({ kind: fc.constant('extra field' as const), key, value }));
  }
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    options.push(
      fc.record({ kind: fc.constant('drop field' as const), field }),
      fc.record({
        kind: fc.constant('odd value' as const),
        field,
        value: fc.oneof(
          fc.jsonValue({ maxDepth: 2 }),
          fc.string({ unit: 'binary', maxLength: 30 }),
          fc.constantFrom(
            1e308,
            -1e308,
            -0,
            1.5,
            2 ** 53 + 2,
            2 ** 31,
            '\ud800',
            '  ',
            '<script>',
            '1; drop table users',
          ),
          fc.constantFrom(...ctx.ids),
        ),
      }),
      fc.record({
        kind: fc.constant('huge string' as const),
        field,
        length: fc.integer({ min: 1_000, max: 30_000 }),
        char: fc.constantFrom('a', ' ', 'é', '😀', '9'),
      }),
    );
  }
  return fc.oneof(...options);
}

function applyChaos(draft: Draft, chaos: Chaos): void {
  draft.spoilt.push(`chaos: ${chaos.kind}`);
  switch (chaos.kind) {
    case 'accept':
      draft.headers.accept = chaos.value;
      return;
    case 'extra query':
      draft.query.push([chaos.key, chaos.value]);
      return;
    case 'odd query':
      draft.query = draft.query.filter(([k]) => k !== chaos.key);
      draft.query.push([chaos.key, chaos.value]);
      return;
    case 'unknown id':
      draft.pathValues[chaos.param] = chaos.value;
      return;
    case 'extra field':
      if (draft.body === undefined) draft.body = {};
      if (isObject(draft.body) && !(chaos.key === 'constructor' && isObject(chaos.value))) {
        draft.body[chaos.key] = chaos.value;
      }
      return;
    case 'drop field':
      if (isObject(draft.body)) delete draft.body[chaos.field];
      return;
    case 'odd value':
      if (isObject(draft.body)) draft.body[chaos.field] = chaos.value;
      return;
    case 'huge string':
      if (isObject(draft.body)) draft.body[chaos.field] = chaos.char.repeat(chaos.length);
      return;
  }
}

/* -------------------------------------------------------------------------------------- poisons */

type Poison =
  | { kind: 'NUL in query'; key: string; value: string }
  | { kind: 'NUL in path'; param: string; value: string }
  | { kind: 'non-uuid id'; param: string; value: string }
  | { kind: 'unknown ids'; values: string[] }
  | { kind: 'bad query'; param: string; value: string | null }
  | { kind: 'hostile text'; param: string; value: string }
  | { kind: 'forged cursor'; param: string; time: string; id: string }
  | { kind: 'cross-site'; origin: string }
  | { kind: 'unknown capability'; param: string; value: string }
  | { kind: 'forged signature'; value: string }
  | { kind: 'NUL in body'; where: 'value' | 'key' | 'array'; field: string; value: string }
  | { kind: 'wrong type'; field: string; value: unknown }
  | { kind: 'missing field'; field: string }
  | { kind: 'too long'; field: string; extra: number }
  | { kind: 'not in enum'; field: string; value: string }
  | { kind: 'unknown reference'; field: string; value: string }
  | { kind: 'not an object'; value: unknown }
  | {
      kind: 'malformed JSON';
      how: 'cut' | 'trailing comma' | 'quotes' | 'garbage' | 'empty';
      garbage: string;
    }
  | { kind: 'prototype key'; how: '__proto__' | 'constructor.prototype' | 'nested __proto__' }
  | { kind: 'too large' }
  | { kind: 'unsupported content type'; type: string }
  | { kind: 'NUL in form field'; field: string; value: string }
  | { kind: 'not a PDF or image'; bytes: string }
  | { kind: 'no file' }
  | { kind: 'file in another field'; field: string }
  | { kind: 'two files' }
  | { kind: 'cut form'; at: number }
  | { kind: 'wrong boundary' }
  | { kind: 'not a form' }
  | { kind: 'bad form field'; field: string; value: string };

/** Poisons applied later may overwrite earlier ones' fields, never their effect: see `STAGE`. */
const STAGE: Record<Poison['kind'], number> = {
  'NUL in query': 0,
  'NUL in path': 0,
  'non-uuid id': 0,
  'unknown ids': 0,
  'bad query': 0,
  'hostile text': 0,
  'forged cursor': 0,
  'cross-site': 0,
  'unknown capability': 0,
  'forged signature': 0,
  'NUL in body': 1,
  'wrong type': 1,
  'missing field': 1,
  'too long': 1,
  'not in enum': 1,
  'unknown reference': 1,
  'NUL in form field': 1,
  'bad form field': 1,
  'not a PDF or image': 1,
  'no file': 1,
  'file in another field': 1,
  'two files': 1,
  'not an object': 2,
  'cut form': 3,
  'wrong boundary': 3,
  'not a form': 4,
  'malformed JSON': 5,
  'prototype key': 5,
  'too large': 6,
  'unsupported content type': 7,
};

// A sample of each JSON type, for "a type the schema does not allow".
const SAMPLES: Record<JsonType, fc.Arbitrary<unknown>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  string: fc.string({ maxLength: 20 }),
  array: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  object: fc.dictionary(
    fc.string({ maxLength: 5 }).filter((k) => k !== '__proto__'),
    fc.jsonValue({ maxDepth: 1 }),
    {
      maxKeys: 3,
    },
  ),
};

const UNSUPPORTED_TYPES = [
  'application/xml',
  'text/csv',
  'application/x-www-form-urlencoded',
  'image/png',
  'application/octet-stream',
];

function poisonsFor(op: Operation): fc.Arbitrary<Poison>[] {
  const poisons: fc.Arbitrary<Poison>[] = [];
  // The query string is read on every route, so a NUL in it is refused everywhere.
  const queryKey = fc.oneof(
    fc.constantFrom(...op.query.map((q) => q.name), 'q'),
    fc.string({ minLength: 1, maxLength: 8 }),
  );
  poisons.push(fc.record({ kind: fc.constant('NUL in query' as const), key: queryKey, value: withNul }));

  if (op.pathParams.length > 0) {
    const param = fc.constantFrom(...op.pathParams.map((p) => p.name));
    poisons.push(fc.record({ kind: fc.constant('NUL in path' as const), param, value: withNul }));
  }
  const uuidParams = op.pathParams.filter((p) => isUuidSchema(p.schema));
  if (uuidParams.length > 0) {
    poisons.push(
      fc.record({
        kind: fc.constant('non-uuid id' as const),
        param: fc.constantFrom(...uuidParams.map((p) => p.name)),
        value: notUuid,
      }),
      // Ids nobody has: the route looks them up and finds nothing (404), or has nothing to undo.
      fc.record({
        kind: fc.constant('unknown ids' as const),
        values: fc.array(fc.uuid(), { minLength: uuidParams.length, maxLength: uuidParams.length }),
      }),
    );
  }
  // An id of the provider's shape that it never handed out: nothing there, and nothing to change.
  const capabilityParams = op.pathParams.filter((p) => isCapabilitySchema(p.schema));
  if (capabilityParams.length > 0) {
    poisons.push(
      fc.record({
        kind: fc.constant('unknown capability' as const),
        param: fc.constantFrom(...capabilityParams.map((p) => p.name)),
        value: fc
          .tuple(
            fc.constantFrom('cs_test_', 'acctlink_test_', 'acct_test_'),
            fc.stringMatching(/^[A-Za-z0-9_-]{24}$/),
          )
          .map(([prefix, rest]) => `${prefix}${rest}`),
      }),
    );
  }
  if (op.method === 'GET') {
    const checked = op.query.filter(
      (q) =>
        q.required || enumOf(q.schema) || q.schema.maxLength !== undefined || q.schema.type === 'integer',
    );
    if (checked.length > 0) {
      poisons.push(
        fc.constantFrom(...checked).chain((q) => {
          const bad: fc.Arbitrary<string | null>[] = [];
          if (q.required) bad.push(fc.constant(null));
          if (enumOf(q.schema)) bad.push(fc.constantFrom('zzz', 'ALL', ''));
          if (q.schema.maxLength !== undefined) bad.push(fc.constant('q'.repeat(q.schema.maxLength + 1)));
          if (q.schema.type === 'integer') {
            bad.push(
              fc.constantFrom('abc', '1.5', '-1', '', String((q.schema.maximum ?? 1000) + 1), '9'.repeat(30)),
            );
          }
          return fc.record({
            kind: fc.constant('bad query' as const),
            param: fc.constant(q.name),
            value: fc.oneof(...bad),
          });
        }),
      );
    }
    // Reads change nothing whatever they are sent, so their bad parts may also be values that pass
    // validation and reach the query: hostile text and cursors forged to decode into nonsense.
    const free = op.query.filter((q) => q.schema.type === 'string' && !q.schema.enum);
    if (free.length > 0) {
      poisons.push(
        fc.record({
          kind: fc.constant('hostile text' as const),
          param: fc.constantFrom(...free.map((q) => q.name)),
          value: fc.oneof(
            fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }),
            fc.constantFrom(
              '%',
              '_',
              '\\',
              "'",
              '"',
              "' OR 1=1 --",
              '%_%\\%',
              '\\x00',
              '😀',
              '\u202e',
              '\ud800',
              'M1',
              'SW1A 1AA',
              'null',
              '-1',
              '[]',
              '{}',
              '*',
              '.*',
              '(',
              'a:*',
              '!',
              '&',
              '|',
              '<->',
            ),
          ),
        }),
      );
    }
    const cursors = op.query.filter((q) => q.name === 'cursor' || q.name === 'before');
    if (cursors.length > 0) {
      poisons.push(
        fc.record({
          kind: fc.constant('forged cursor' as const),
          param: fc.constantFrom(...cursors.map((q) => q.name)),
          time: fc.oneof(
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            fc.constantFrom(
              '-271821-04-20T00:00:00.000Z',
              '+275760-09-13T00:00:00.000Z',
              '0000-01-01',
              '1970-01-01',
              'x',
              '',
            ),
          ),
          id: fc.oneof(
            fc.uuid(),
            fc.constantFrom(
              '-'.repeat(36),
              '0'.repeat(36),
              'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa',
              'f'.repeat(8),
              '',
            ),
            fc.stringMatching(/^[0-9a-f-]{36}$/),
          ),
        }),
      );
    }
    return poisons;
  }

  poisons.push(
    fc.record({
      kind: fc.constant('cross-site' as const),
      origin: fc.constantFrom(
        'https://evil.example',
        'null',
        'http://localhost.evil.example',
        'https://tradenest.example.com',
      ),
    }),
  );
  // The fuzz does not know the provider's signing secret, so no signature it sends can verify.
  if (isWebhook(op)) {
    const now = Math.floor(Date.now() / 1000);
    const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
    poisons.push(
      fc.record({
        kind: fc.constant('forged signature' as const),
        value: fc.oneof(
          hex.map((h) => `t=${now},v1=${h}`),
          hex.map((h) => `t=${now - 3_600},v1=${h}`),
          fc.tuple(hex, hex).map(([a, b]) => `t=${now},v1=${a},v1=${b}`),
          hex.map((h) => `v1=${h}`),
          fc.constantFrom('', 'garbage', `t=${now}`, 't=1e400,v1=00', 't=,v1=', 't=1,'.repeat(2_000)),
          fc.string({ maxLength: 80 }),
        ),
      }),
    );
  }

  if (op.multipart) {
    const documents = op.path.endsWith('/documents');
    const fields = documents
      ? ['kind', 'title', 'expiresOn']
      : op.path.endsWith('/photos')
        ? ['caption']
        : [];
    if (fields.length > 0) {
      poisons.push(
        fc.record({
          kind: fc.constant('NUL in form field' as const),
          field: fc.constantFrom(...fields),
          value: withNul,
        }),
      );
    }
    if (documents) {
      poisons.push(
        fc.record({
          kind: fc.constant('bad form field' as const),
          field: fc.constant('kind'),
          value: fc.constantFrom('driving_licence', '', 'PHOTO_ID'),
        }),
      );
    }
    poisons.push(
      fc.record({ kind: fc.constant('not a PDF or image' as const), bytes: fc.string({ maxLength: 200 }) }),
      fc.constant({ kind: 'no file' as const }),
      fc.record({
        kind: fc.constant('file in another field' as const),
        field: fc.constantFrom('upload', 'files', 'File'),
      }),
      fc.constant({ kind: 'two files' as const }),
      fc.record({
        kind: fc.constant('cut form' as const),
        at: fc.double({ min: 0.05, max: 0.6, noNaN: true }),
      }),
      fc.constant({ kind: 'wrong boundary' as const }),
      fc.constant({ kind: 'not a form' as const }),
      fc.record({
        kind: fc.constant('unsupported content type' as const),
        type: fc.constantFrom(...UNSUPPORTED_TYPES),
      }),
    );
    return poisons;
  }

  // Any body, with or without a schema: the parser and the NUL guard refuse these before the route.
  poisons.push(
    fc.record({
      kind: fc.constant('malformed JSON' as const),
      // An empty DELETE body is no body at all: only the other kinds are malformed there.
      how:
        op.method === 'DELETE'
          ? fc.constantFrom('cut', 'trailing comma', 'quotes', 'garbage')
          : fc.constantFrom('cut', 'trailing comma', 'quotes', 'garbage', 'empty'),
      // Prefixed with an x, which no JSON text starts with.
      garbage: fc.string({ maxLength: 30 }),
    }),
    fc.record({
      kind: fc.constant('prototype key' as const),
      how: fc.constantFrom('__proto__', 'constructor.prototype', 'nested __proto__'),
    }),
    fc.constant({ kind: 'too large' as const }),
    fc.record({
      kind: fc.constant('unsupported content type' as const),
      type: fc.constantFrom(...UNSUPPORTED_TYPES),
    }),
    fc.record({
      kind: fc.constant('NUL in body' as const),
      where: fc.constantFrom('value', 'key', 'array'),
      field: fc.oneof(
        fc.constantFrom(...Object.keys(op.body?.properties ?? {}), 'note'),
        fc.string({ minLength: 1, maxLength: 8 }),
      ),
      value: withNul,
    }),
  );

  const properties = op.body?.properties ?? {};
  if (op.body) {
    // A body that is not an object at all.
    poisons.push(
      fc.record({
        kind: fc.constant('not an object' as const),
        value: fc.oneof(
          fc.constant(null),
          fc.constant([]),
          fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
          fc.string(),
          fc.integer(),
          fc.boolean(),
        ),
      }),
    );
  }
  const required = op.body?.required ?? [];
  if (required.length > 0) {
    poisons.push(
      fc.record({ kind: fc.constant('missing field' as const), field: fc.constantFrom(...required) }),
    );
  }
  const typed = Object.entries(properties).flatMap(([field, schema]) => {
    const allowed = allowedTypes(schema);
    const wrong = allowed ? JSON_TYPES.filter((t) => !allowed.has(t)) : [];
    return wrong.length > 0 ? [{ field, wrong }] : [];
  });
  if (typed.length > 0) {
    poisons.push(
      fc.constantFrom(...typed).chain(({ field, wrong }) =>
        fc.record({
          kind: fc.constant('wrong type' as const),
          field: fc.constant(field),
          value: fc.constantFrom(...wrong).chain((t) => SAMPLES[t]),
        }),
      ),
    );
  }
  const limited = Object.entries(properties).filter(
    ([, s]) => maxLengthOf(s) !== undefined || maxItemsOf(s) !== undefined,
  );
  if (limited.length > 0) {
    poisons.push(
      fc.record({
        kind: fc.constant('too long' as const),
        field: fc.constantFrom(...limited.map(([f]) => f)),
        extra: fc.integer({ min: 1, max: 50_000 }),
      }),
    );
  }
  const enums = Object.entries(properties).filter(([, s]) => enumOf(s));
  if (enums.length > 0) {
    poisons.push(
      fc.record({
        kind: fc.constant('not in enum' as const),
        field: fc.constantFrom(...enums.map(([f]) => f)),
        value: fc.constantFrom('admin', 'Juggling', '', 'plumber', 'CUSTOMER'),
      }),
    );
  }
  // A required reference to a row that does not exist: the route must look it up and refuse.
  const references = required.filter((f) => isUuidSchema(properties[f] ?? {}));
  if (references.length > 0) {
    poisons.push(
      fc.record({
        kind: fc.constant('unknown reference' as const),
        field: fc.constantFrom(...references),
        value: fc.uuid(),
      }),
    );
  }
  return poisons;
}

function applyPoison(draft: Draft, poison: Poison, op: Operation): void {
  draft.spoilt.push(`poison: ${poison.kind}`);
  const body = () => {
    if (!isObject(draft.body)) draft.body = {};
    return draft.body as Record<string, unknown>;
  };
  switch (poison.kind) {
    case 'NUL in query':
      draft.query.push([poison.key, poison.value]);
      return;
    case 'NUL in path':
    case 'non-uuid id':
      draft.pathValues[poison.param] = poison.value;
      return;
    case 'unknown ids':
      op.pathParams
        .filter((p) => isUuidSchema(p.schema))
        .forEach((p, i) => {
          draft.pathValues[p.name] = poison.values[i]!;
        });
      return;
    case 'bad query':
      draft.query = draft.query.filter(([k]) => k !== poison.param);
      if (poison.value !== null) draft.query.push([poison.param, poison.value]);
      return;
    case 'hostile text':
      draft.query = draft.query.filter(([k]) => k !== poison.param);
      draft.query.push([poison.param, poison.value]);
      return;
    case 'forged cursor':
      draft.query = draft.query.filter(([k]) => k !== poison.param);
      draft.query.push([poison.param, Buffer.from(`${poison.time}|${poison.id}`).toString('base64url')]);
      return;
    case 'cross-site':
      draft.headers.origin = poison.origin;
      return;
    case 'unknown capability':
      draft.pathValues[poison.param] = poison.value;
      return;
    case 'forged signature':
      // Both providers' headers: whichever the route reads carries the forgery.
      draft.headers['sandbox-signature'] = poison.value;
      draft.headers['stripe-signature'] = poison.value;
      return;
    case 'NUL in body': {
      const target = body();
      if (poison.where === 'key') target[poison.value] = 'x';
      else if (poison.where === 'array') target[poison.field] = ['ok', poison.value];
      else target[poison.field] = poison.value;
      return;
    }
    case 'wrong type':
      body()[poison.field] = poison.value;
      return;
    case 'missing field':
      delete body()[poison.field];
      return;
    case 'too long': {
      const schema = op.body?.properties?.[poison.field] ?? {};
      const maxLength = maxLengthOf(schema);
      body()[poison.field] =
        maxLength !== undefined
          ? 'x'.repeat(maxLength + poison.extra)
          : Array.from({ length: (maxItemsOf(schema) ?? 0) + 1 + (poison.extra % 50) }, (_, i) => `tag ${i}`);
      return;
    }
    case 'not in enum':
      body()[poison.field] = poison.value;
      return;
    case 'unknown reference':
      body()[poison.field] = poison.value;
      return;
    case 'not an object':
      draft.body = poison.value;
      return;
    case 'malformed JSON': {
      const json = JSON.stringify(draft.body ?? {});
      draft.contentType = 'application/json';
      draft.text = {
        cut: json.slice(0, -1),
        'trailing comma': json.startsWith('{') && json !== '{}' ? `${json.slice(0, -1)},}` : '{"a":1,}',
        quotes: "{'a': 1}",
        garbage: `x${poison.garbage}`,
        empty: '',
      }[poison.how];
      return;
    }
    case 'prototype key': {
      const fields = isObject(draft.body) ? JSON.stringify(draft.body).slice(1, -1) : '';
      draft.contentType = 'application/json';
      // Written out: an object literal with a __proto__ key would set its prototype instead.
      const first =
        poison.how === '__proto__'
          ? '"__proto__":{"isAdmin":true}'
          : poison.how === 'constructor.prototype'
            ? '"constructor":{"prototype":{"isAdmin":true}}'
            : '"extra":[{"a":{"__proto__":{"polluted":1}}}]';
      // Last, because JSON's last duplicate key wins: a chaos field of the same name ("constructor")
      // before it must not override the poison and turn it into a harmless request.
      draft.text = `{${fields}${fields ? ',' : ''}${first}}`;
      return;
    }
    case 'too large':
      draft.contentType = draft.contentType ?? 'application/json';
      draft.text = `{"padding":"${'x'.repeat(1_100_000)}"}`;
      draft.multipart = undefined;
      return;
    case 'unsupported content type':
      draft.contentType = poison.type;
      if (draft.body === undefined && draft.text === undefined && !draft.multipart) draft.text = 'a=1';
      return;
    case 'NUL in form field':
    case 'bad form field':
      if (draft.multipart) {
        draft.multipart.fields = draft.multipart.fields.filter(([k]) => k !== poison.field);
        draft.multipart.fields.unshift([poison.field, poison.value]);
      }
      return;
    case 'not a PDF or image':
      // Never a magic number: the first byte is an X.
      for (const file of draft.multipart?.files ?? []) file.bytes = Buffer.from(`X${poison.bytes}`);
      return;
    case 'no file':
      if (draft.multipart) draft.multipart.files = [];
      return;
    case 'file in another field':
      for (const file of draft.multipart?.files ?? []) file.field = poison.field;
      return;
    case 'two files':
      if (draft.multipart?.files[0])
        draft.multipart.files = [draft.multipart.files[0], { ...draft.multipart.files[0] }];
      return;
    case 'cut form':
      if (draft.multipart) draft.multipart.cut = poison.at;
      return;
    case 'wrong boundary':
      if (draft.multipart) draft.multipart.boundaryHeader = '----not-the-boundary';
      return;
    case 'not a form':
      draft.multipart = undefined;
      draft.body = {};
      return;
  }
}

/* ------------------------------------------------------------------------------------ assembly */

const BOUNDARY = '----tradenest-fuzz-7d1f0c';

function multipartBody(form: NonNullable<Draft['multipart']>): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of form.fields) {
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of form.files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const whole = Buffer.concat(chunks);
  return form.cut === undefined ? whole : whole.subarray(0, Math.max(1, Math.floor(whole.length * form.cut)));
}

function encodeSegment(value: string): string {
  // Dots are encoded too, so that no URL parser resolves a '..' value out of its segment.
  return encodeURIComponent(value).replaceAll('.', '%2E');
}

function assemble(op: Operation, draft: Draft): FuzzRequest {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeSegment(draft.pathValues[name] ?? ''));
  if (draft.query.length > 0) url += `?${new URLSearchParams(draft.query).toString()}`;
  const headers = { ...draft.headers };
  let payload: string | Buffer | undefined;
  if (draft.multipart && draft.text === undefined) {
    payload = multipartBody(draft.multipart);
    headers['content-type'] =
      draft.contentType ?? `multipart/form-data; boundary=${draft.multipart.boundaryHeader ?? BOUNDARY}`;
  } else if (draft.text !== undefined) {
    payload = draft.text;
    headers['content-type'] = draft.contentType ?? 'application/json';
  } else if (draft.body !== undefined) {
    payload = JSON.stringify(draft.body);
    headers['content-type'] = draft.contentType ?? 'application/json';
  }
  const request: FuzzRequest = {
    operation: op.id,
    method: op.method,
    url,
    headers,
    payload,
    spoilt: draft.spoilt,
  };
  // fast-check prints a failing request with this: a megabyte of padding is no use in a report.
  Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request) });
  return request;
}

/** Requests for `op`, each carrying at least one poison. */
export function fuzzRequests(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => {
        if (isUuidSchema(p.schema))
          return [p.name, fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...ctx.ids) }, fc.uuid())];
        if (p.name === '*')
          return [
            p.name,
            fc.oneof(fc.constantFrom(...ctx.fileKeys), fc.string({ minLength: 1, maxLength: 40 })),
          ];
        if (p.name === 'postcode') return [p.name, fc.constantFrom('M1 1AE', 'sw1a1aa', 'ZZ99 9ZZ', 'x')];
        // A fixed set (the webhook's provider): mostly one of it, so the route is reached at all.
        const choices = enumOf(p.schema);
        if (choices)
          return [
            p.name,
            fc.oneof(
              { weight: 5, arbitrary: fc.constantFrom(...choices.map(String)) },
              fc.string({ minLength: 1, maxLength: 20 }),
            ),
          ];
        if (isCapabilitySchema(p.schema))
          return [
            p.name,
            capability(
              ctx,
              fc.oneof(fc.constantFrom(...ctx.ids), fc.string({ minLength: 1, maxLength: 20 })),
            ),
          ];
        return [p.name, fc.oneof(fc.constantFrom(...ctx.ids), fc.string({ minLength: 1, maxLength: 20 }))];
      }),
    ) as Record<string, fc.Arbitrary<string>>,
  );
  const query = fc
    .tuple(
      ...op.query.map((q) =>
        q.required
          ? plausible(q.schema, q.name, ctx).map((v) => [[q.name, String(v)]])
          : fc.option(
              plausible(q.schema, q.name, ctx).map((v) => [[q.name, String(v)]]),
              { nil: [] },
            ),
      ),
    )
    .map((pairs) => pairs.flat() as [string, string][]);
  const body = op.body
    ? plausible(op.body, '', ctx)
    : isWebhook(op)
      ? webhookEvent(ctx)
      : fc.constant(undefined);
  const form = op.multipart
    ? fc.record({
        fields: op.path.endsWith('/documents')
          ? fc
              .tuple(
                fc.constantFrom('photo_id', 'insurance', 'accreditation'),
                fc.option(plausible({ type: 'string' }, 'title', ctx)),
                hinted('expiresOn', ctx)!,
              )
              .map(
                ([kind, title, expiresOn]) =>
                  [
                    ['kind', kind],
                    ...(title === null ? [] : [['title', String(title)]]),
                    ['expiresOn', String(expiresOn)],
                  ] as [string, string][],
              )
          : fc.constant([] as [string, string][]),
        file: fc.constantFrom<'pdf' | 'png'>('pdf', 'png'),
      })
    : fc.constant(undefined);

  return fc
    .record({
      pathValues,
      query,
      body,
      form,
      chaos: fc.array(chaosFor(op, ctx), { maxLength: 3 }),
      poisons: fc.array(fc.oneof(...poisonsFor(op)), { minLength: 1, maxLength: 2 }),
    })
    .map(({ pathValues, query, body, form, chaos, poisons }) => {
      const draft: Draft = {
        pathValues: { ...pathValues },
        query: [...query],
        body: structuredClone(body),
        headers: {},
        spoilt: [],
        multipart: form && {
          fields: [...form.fields],
          files: [
            form.file === 'pdf'
              ? { field: 'file', name: 'scan.pdf', type: 'application/pdf', bytes: ctx.pdf }
              : { field: 'file', name: 'photo.png', type: 'image/png', bytes: ctx.png },
          ],
        },
      };
      for (const c of chaos) applyChaos(draft, c);
      for (const p of [...poisons].sort((a, b) => STAGE[a.kind] - STAGE[b.kind])) applyPoison(draft, p, op);
      return assemble(op, draft);
    });
}
