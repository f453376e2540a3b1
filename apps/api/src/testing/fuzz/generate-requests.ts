import type { FuzzOperation, JsonSchema } from './openapi-operations.ts';
import type { Random } from './prng.ts';
import {
  encodeForUrl,
  hugeString,
  ODD_NUMBER_TEXT,
  ODD_NUMBERS,
  ODD_STRINGS,
  randomUuid,
  UNSTORABLE_STRINGS,
  validValue,
  wrongTypeValues,
  type ValuePools,
} from './sample-values.ts';

/** Who a request is sent as. Only the attacker, visitors and bad tokens are held to "nobody else's data". */
type FuzzIdentity = 'attacker' | 'admin' | 'none' | 'expired' | 'forged';

/** Tokens the generator can put in Authorization, made once per run by the world (fuzz-tokens.ts). */
export interface TokenPool {
  attacker(): string;
  admin(): string;
  /**
   * Tokens that claim the owner (A) or the attacker but must be refused: forged, altered, expired, revoked. One that
   * is the right credential for one operation (a refresh token, for the refresh route) names it and is not sent there.
   */
  forged: { kind: string; token: string; credentialFor?: string }[];
}

export interface FuzzRequest {
  operation: FuzzOperation;
  strategy: string;
  /** What was broken, in words: `body.amount = -1`. */
  mutation: string;
  identity: FuzzIdentity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

export interface GenerateContext {
  random: Random;
  pools: ValuePools;
  tokens: TokenPool;
  /** The owner's private ids by resource word: the other people's ids the attacker tries. */
  ownerIdsFor(resource: string): string[];
}

const NO_BODY = Symbol('no body');

interface Draft {
  path: Record<string, string>;
  /** Name and URL text; a null value sends the name alone (`?page`). */
  query: [string, string | null][];
  body: unknown;
  /** A body sent as it is, instead of `body` as JSON. */
  raw?: { payload: string | Buffer; contentType: string | null };
  contentType: string | null;
  headers: Record<string, string>;
  identity: FuzzIdentity;
  authorization?: string;
  mutation: string;
}

/** One place in a request a mutation can aim at: a path parameter, a query parameter, or a field of the JSON body. */
interface Slot {
  where: 'path' | 'query' | 'body';
  name: string;
  /** For the body: the keys from the root down to the field. */
  keys: (string | number)[];
  schema: JsonSchema;
}

/** The word before a path parameter names what it identifies: `/v1/orders/{id}` -> `orders`. */
function resourceOf(operation: FuzzOperation, parameter: string): string {
  const segments = operation.path.split('/');
  const index = segments.indexOf(`{${parameter}}`);
  return index > 0 ? segments[index - 1]! : parameter;
}

function schemaAt(schema: JsonSchema, key: string | number): JsonSchema | undefined {
  if (typeof key === 'number') return schema.items;
  if (schema.properties?.[key]) return schema.properties[key];
  for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) {
    const found = schemaAt(branch, key);
    if (found) return found;
  }
  return undefined;
}

function bodySlots(value: unknown, schema: JsonSchema, keys: (string | number)[], slots: Slot[], depth = 0) {
  if (depth > 6) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemSchema = schema.items ?? {};
      slots.push({ where: 'body', name: [...keys, index].join('.'), keys: [...keys, index], schema: itemSchema });
      bodySlots(item, itemSchema, [...keys, index], slots, depth + 1);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const itemSchema = schemaAt(schema, key) ?? {};
      slots.push({ where: 'body', name: [...keys, key].join('.'), keys: [...keys, key], schema: itemSchema });
      bodySlots(item, itemSchema, [...keys, key], slots, depth + 1);
    }
  }
}

function slotsOf(operation: FuzzOperation, draft: Draft): Slot[] {
  const slots: Slot[] = [
    ...operation.pathParams.map((parameter) => ({
      where: 'path' as const,
      name: parameter.name,
      keys: [],
      schema: parameter.schema,
    })),
    ...operation.query.map((parameter) => ({
      where: 'query' as const,
      name: parameter.name,
      keys: [],
      schema: parameter.schema,
    })),
  ];
  if (operation.body && draft.body !== NO_BODY) bodySlots(draft.body, operation.body.schema, [], slots);
  return slots;
}

function isNumeric(schema: JsonSchema) {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || types.includes('number');
}

function isFreeText(schema: JsonSchema) {
  return schema.type === 'string' && !schema.enum && !schema.format && !schema.pattern;
}

function isText(schema: JsonSchema) {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') || schema.type === undefined;
}

/** Sets a body field (keys from the root), or removes it with `remove`. */
function setAt(body: unknown, keys: (string | number)[], value: unknown, remove = false): unknown {
  if (keys.length === 0) return value;
  const copy: unknown = structuredClone(body);
  let node = copy as Record<string | number, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = keys.at(-1)!;
  if (remove) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** Puts a value into a slot: a body field as JSON, a path or query parameter as URL text. */
function place(draft: Draft, slot: Slot, value: unknown, label: string) {
  if (slot.where === 'body') {
    draft.body = setAt(draft.body, slot.keys, value);
  } else {
    const text = typeof value === 'string' ? encodeForUrl(value) : encodeForUrl(JSON.stringify(value) ?? '');
    if (slot.where === 'path') draft.path[slot.name] = text;
    else {
      draft.query = draft.query.filter(([name]) => name !== slot.name);
      draft.query.push([slot.name, text]);
    }
  }
  draft.mutation = `${slot.where} ${slot.name} = ${label}`;
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

/** Starts every request from one the schemas accept, so a single broken thing is what the server answers to. */
function validDraft(operation: FuzzOperation, context: GenerateContext): Draft {
  const { random, pools } = context;
  const path: Record<string, string> = {};
  for (const parameter of operation.pathParams) {
    const ids = pools.idsFor(resourceOf(operation, parameter.name));
    const value =
      parameter.schema.enum || ids.length === 0
        ? validValue(parameter.schema, parameter.name, random, pools)
        : random.pick(ids);
    path[parameter.name] = encodeForUrl(String(value));
  }
  const query: [string, string | null][] = [];
  for (const parameter of operation.query) {
    if (!parameter.required && random.chance(0.5)) continue;
    query.push([parameter.name, encodeForUrl(String(validValue(parameter.schema, parameter.name, random, pools)))]);
  }
  const body = operation.body ? validValue(operation.body.schema, 'body', random, pools) : NO_BODY;
  const headers: Record<string, string> = {};
  if (operation.method === 'POST' && random.chance(0.5)) headers['idempotency-key'] = randomUuid(random);
  const identity: FuzzIdentity = operation.isConsole && random.chance(0.85) ? 'admin' : 'attacker';
  return {
    path,
    query,
    body,
    contentType: body === NO_BODY ? null : 'application/json',
    headers,
    identity,
    mutation: 'valid',
  };
}

type Strategy = (draft: Draft, operation: FuzzOperation, context: GenerateContext) => void;

function pickSlot(
  operation: FuzzOperation,
  draft: Draft,
  random: Random,
  accept: (slot: Slot) => boolean = () => true,
) {
  const slots = slotsOf(operation, draft);
  const fitting = slots.filter(accept);
  return fitting.length > 0 ? random.pick(fitting) : slots.length > 0 ? random.pick(slots) : null;
}

/** When an operation has nowhere to put a value, it gets a body or a query parameter it does not expect. */
function placeAnywhere(draft: Draft, operation: FuzzOperation, random: Random, value: unknown, label: string) {
  const slot = pickSlot(operation, draft, random);
  if (slot) return place(draft, slot, value, label);
  if (random.chance(0.5)) {
    draft.body = { value };
    draft.contentType = 'application/json';
    draft.mutation = `unexpected body value = ${label}`;
  } else {
    draft.query.push(['q', encodeForUrl(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))]);
    draft.mutation = `unexpected query q = ${label}`;
  }
}

const INVALID_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[',
  'null',
  '"text"',
  '123',
  'true',
  '[]',
  '{"a":NaN}',
  '{"amount":1e400}',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":1}{"b":2}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json;;',
  'text/html; charset=utf-8',
  '*/*',
  'invalid',
];

const EXTRA_FIELDS: [string, unknown][] = [
  ['isAdmin', true],
  ['role', 'admin'],
  ['userId', '00000000-0000-0000-0000-000000000000'],
  ['id', '01890000-0000-7000-8000-000000000000'],
  ['status', 'PAID'],
  ['balance', 1_000_000_000],
  ['__proto__', { isAdmin: true }],
  ['constructor', { prototype: { isAdmin: true } }],
  ['', 'empty key'],
  ['a\u0000b', 'nul in a key'],
];

/** Path text that decodes to what the database refuses, or does not decode at all. */
const UNDECODABLE_IDS = ['%00', 'a%00b', 'abc%00def', '%FF%FE', '%ED%A0%80', '%C0%AF'];

const MALFORMED_IDS = [
  'not-a-uuid',
  '1',
  '-1',
  '0',
  '%2F',
  '..',
  '%2e%2e%2f%2e%2e',
  '%FF',
  '%00',
  'a%00b',
  '%20',
  'null',
  '{id}',
  '*',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '01890000-0000-7000-8000-00000000000g',
];

function multipartBody(random: Random): { payload: Buffer; contentType: string | null; label: string } {
  // Bytes from the seeded source, so a repeated run sends the very same bodies.
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => random.int(0, 255)));
  const boundary = `fuzz${bytes(6).toString('hex')}`;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const part = (name: string, content: Buffer | string, filename?: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const kinds: [string, () => { payload: Buffer; contentType: string | null }][] = [
    [
      'no boundary',
      () => ({ payload: Buffer.concat([part('file', png, 'a.png'), end]), contentType: 'multipart/form-data' }),
    ],
    [
      'another boundary',
      () => ({
        payload: Buffer.concat([part('file', png, 'a.png'), end]),
        contentType: 'multipart/form-data; boundary=other',
      }),
    ],
    [
      'unterminated part',
      () => ({
        payload: Buffer.concat([part('file', png, 'a.png')]).subarray(0, 90),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'no closing boundary',
      () => ({ payload: part('file', png, 'a.png'), contentType: `multipart/form-data; boundary=${boundary}` }),
    ],
    [
      'truncated PNG',
      () => ({
        payload: Buffer.concat([part('file', png, 'a.png'), end]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'text as file',
      () => ({
        payload: Buffer.concat([part('file', '<svg onload=alert(1)>', 'a.svg'), end]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'file field as text',
      () => ({
        payload: Buffer.concat([part('file', 'https://example.com/a.png'), end]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'odd file name',
      () => ({
        payload: Buffer.concat([
          part('file', png, random.pick(['../../etc/passwd', 'a\u0000b.png', '\u202egnp.exe', '😀.png', ''])),
          end,
        ]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'many parts',
      () => ({
        payload: Buffer.concat([...Array.from({ length: 30 }, (_, index) => part(`f${index}`, 'x')), end]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'two files',
      () => ({
        payload: Buffer.concat([part('file', png, 'a.png'), part('file', png, 'b.png'), end]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    [
      'huge field',
      () => ({
        payload: Buffer.concat([part('note', 'a'.repeat(100_000)), part('file', png, 'a.png'), end]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ],
    ['empty body', () => ({ payload: Buffer.alloc(0), contentType: `multipart/form-data; boundary=${boundary}` })],
    ['garbage', () => ({ payload: bytes(512), contentType: `multipart/form-data; boundary=${boundary}` })],
  ];
  const [label, make] = random.pick(kinds);
  return { ...make(), label };
}

const STRATEGIES: Record<string, Strategy> = {
  valid: () => undefined,

  'wrong-type': (draft, operation, { random }) => {
    const slot = pickSlot(operation, draft, random, (candidate) => candidate.where === 'body');
    if (!slot) return placeAnywhere(draft, operation, random, { $ne: null }, 'an object');
    if (slot.where === 'body') {
      const value = random.pick(wrongTypeValues(slot.schema));
      return place(draft, slot, value, shown(value));
    }
    const text = isNumeric(slot.schema)
      ? random.pick(['abc', 'true', '[]', '{}'])
      : random.pick(['1', 'true', '[object Object]']);
    place(draft, slot, text, shown(text));
  },

  'missing-field': (draft, operation, { random }) => {
    const required = operation.query.filter((parameter) => parameter.required).map((parameter) => parameter.name);
    const slots = slotsOf(operation, draft).filter((slot) => slot.where === 'body');
    if (required.length > 0 && (slots.length === 0 || random.chance(0.3))) {
      const name = random.pick(required);
      draft.query = draft.query.filter(([candidate]) => candidate !== name);
      draft.mutation = `query ${name} missing`;
    } else if (slots.length > 0 && random.chance(0.85)) {
      const slot = random.pick(slots);
      draft.body = setAt(draft.body, slot.keys, undefined, true);
      draft.mutation = `body ${slot.name} missing`;
    } else {
      draft.body = random.pick([NO_BODY, {}]);
      draft.mutation = draft.body === NO_BODY ? 'no body' : 'empty body {}';
    }
  },

  'extra-field': (draft, operation, { random }) => {
    const [key, value] = random.pick(EXTRA_FIELDS);
    if (operation.body && draft.body !== NO_BODY && random.chance(0.8)) {
      const objects = slotsOf(operation, draft).filter(
        (slot) => slot.where === 'body' && slot.schema.type === 'object',
      );
      const target = objects.length > 0 && random.chance(0.4) ? random.pick(objects).keys : [];
      const node =
        target.length === 0
          ? draft.body
          : target.reduce<unknown>((at, step) => (at as Record<string | number, unknown>)[step], draft.body);
      if (node && typeof node === 'object' && !Array.isArray(node)) {
        // defineProperty, so `__proto__` becomes an own key that JSON.stringify sends, as an attacker would.
        Object.defineProperty(node, key, { value, enumerable: true, configurable: true, writable: true });
        draft.mutation = `body ${[...target, key].join('.')} added = ${shown(value)}`;
        return;
      }
    }
    const name = random.pick([
      'isAdmin',
      '__proto__',
      'constructor[prototype][isAdmin]',
      'userId',
      'page[]',
      'size[$gt]',
    ]);
    draft.query.push([encodeURIComponent(name), 'true']);
    draft.mutation = `query ${name} added`;
  },

  'huge-string': (draft, operation, { random }) => {
    const value = hugeString(random);
    const slot = pickSlot(
      operation,
      draft,
      random,
      (candidate) => isText(candidate.schema) && candidate.where !== 'path',
    );
    if (slot && slot.where === 'query' && value.length > 100_000) {
      return place(draft, slot, value.slice(0, 100_000), `${shown(value.slice(0, 100_000))}`);
    }
    if (slot) return place(draft, slot, value, shown(value));
    placeAnywhere(draft, operation, random, value, shown(value));
  },

  'odd-unicode': (draft, operation, { random, pools }) => {
    // Free text (no enum, format or pattern) is what reaches the database unchanged, so it is aimed at first.
    const slot = random.chance(0.7)
      ? pickSlot(operation, draft, random, (candidate) => isFreeText(candidate.schema))
      : pickSlot(operation, draft, random, (candidate) => isText(candidate.schema));
    const odd = random.chance(0.5) ? random.pick(UNSTORABLE_STRINGS) : random.pick(ODD_STRINGS);
    // Half the time inside otherwise good text, so a value that passes its pattern carries it.
    const base = slot ? String(validValue(slot.schema, slot.name, random, pools)) : 'text';
    const value = random.chance(0.5) ? odd : `${base.slice(0, 3)}${odd}${base.slice(3)}`;
    if (slot) return place(draft, slot, value, shown(value));
    placeAnywhere(draft, operation, random, value, shown(value));
  },

  'odd-number': (draft, operation, { random }) => {
    const slot = pickSlot(operation, draft, random, (candidate) => isNumeric(candidate.schema));
    if (slot && slot.where === 'body') {
      const value = random.pick(ODD_NUMBERS);
      return place(draft, slot, value, String(value));
    }
    const text = random.pick(ODD_NUMBER_TEXT);
    if (slot) return place(draft, slot, text, shown(text));
    placeAnywhere(draft, operation, random, random.pick(ODD_NUMBERS), 'an odd number');
  },

  'invalid-json': (draft, _operation, { random }) => {
    const payload = random.pick(INVALID_JSON);
    draft.raw = { payload, contentType: 'application/json' };
    draft.mutation = `JSON body ${shown(payload)}`;
  },

  'content-type': (draft, operation, { random, pools }) => {
    const body =
      draft.body === NO_BODY
        ? validValue(operation.body?.schema ?? { type: 'object' }, 'body', random, pools)
        : draft.body;
    const contentType = random.chance(0.15) ? null : random.pick(WRONG_CONTENT_TYPES);
    const payload =
      contentType === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(
            Object.entries((body ?? {}) as Record<string, unknown>).map(([key, value]): [string, string] => [
              key,
              String(value),
            ]),
          ).toString()
        : (JSON.stringify(body) ?? '');
    draft.raw = { payload, contentType };
    draft.mutation = `body sent as ${contentType ?? 'no content type'}`;
  },

  ids: (draft, operation, context) => {
    const { random } = context;
    const idSlots = slotsOf(operation, draft).filter((slot) => slot.where === 'path' || slot.schema.format === 'uuid');
    if (idSlots.length === 0) return STRATEGIES['odd-unicode']!(draft, operation, context);
    const slot = random.pick(idSlots);
    const resource =
      slot.where === 'path' ? resourceOf(operation, slot.name) : slot.name.split('.').at(-1)!.replace(/Ids?$/, '');
    const owners = context.ownerIdsFor(resource);
    const anyOwnerId = context.ownerIdsFor('*');
    if (random.chance(0.5) && (owners.length > 0 || anyOwnerId.length > 0)) {
      // Another person's id of the same kind if there is one, else of another kind (an order id as a deposit id).
      const id = random.pick(owners.length > 0 ? owners : anyOwnerId);
      const variant = random.pick([id, id, id.toUpperCase(), ` ${id}`, `${id}/`]);
      if (slot.where === 'path') {
        draft.path[slot.name] = encodeForUrl(variant);
        draft.mutation = `path ${slot.name} = another person's ${resource} ${shown(variant)}`;
      } else place(draft, slot, variant, `another person's id ${shown(variant)}`);
      return;
    }
    const malformed = random.chance(0.2)
      ? randomUuid(random)
      : random.pick(random.chance(0.4) ? UNDECODABLE_IDS : MALFORMED_IDS);
    if (slot.where === 'path') {
      // Already URL text: these test the router's decoding too.
      draft.path[slot.name] = random.chance(0.1) ? 'a'.repeat(random.pick([101, 1_000, 10_000])) : malformed;
      draft.mutation = `path ${slot.name} = ${shown(draft.path[slot.name])}`;
    } else place(draft, slot, decodeURIComponentSafe(malformed), shown(malformed));
  },

  'query-shape': (draft, operation, { random, pools }) => {
    const parameter = operation.query.length > 0 ? random.pick(operation.query) : null;
    const name = parameter?.name ?? 'page';
    const value = parameter ? encodeForUrl(String(validValue(parameter.schema, name, random, pools))) : '1';
    const shapes: [string, () => void][] = [
      ['repeated', () => draft.query.push([name, value], [name, value])],
      ['bracketed', () => draft.query.push([`${name}[]`, value], [`${name}[$ne]`, value])],
      ['empty', () => draft.query.push([name, ''])],
      ['without a value', () => draft.query.push([name, null])],
      ['broken escape', () => draft.query.push([name, '%zz%'])],
      ['prototype key', () => draft.query.push(['__proto__', value], ['constructor', value])],
      ['many parameters', () => Array.from({ length: 500 }, (_, index) => draft.query.push([`p${index}`, '1']))],
    ];
    const [label, apply] = random.pick(shapes);
    apply();
    draft.mutation = `query ${name} ${label}`;
  },

  'auth-none': (draft) => {
    draft.identity = 'none';
    draft.mutation = 'no token';
  },

  'auth-expired': (draft) => {
    draft.identity = 'expired';
    draft.mutation = 'an expired token';
  },

  'auth-forged': (draft, operation, { random, tokens }) => {
    const forged = random.pick(tokens.forged.filter((candidate) => candidate.credentialFor !== operation.id));
    draft.identity = 'forged';
    draft.authorization =
      forged.token.startsWith('Bearer') || forged.token.startsWith('Basic') ? forged.token : `Bearer ${forged.token}`;
    draft.mutation = `token: ${forged.kind}`;
  },

  multipart: (draft, _operation, { random }) => {
    const body = multipartBody(random);
    draft.raw = { payload: body.payload, contentType: body.contentType };
    draft.mutation = `multipart: ${body.label}`;
  },

  headers: (draft, _operation, { random }) => {
    const odd: [string, string][] = [
      ['idempotency-key', ''],
      ['idempotency-key', ' '],
      ['idempotency-key', 'k'.repeat(300)],
      ['idempotency-key', 'ключ'],
      ['accept-language', 'zz;q=abc, *;q=2, ;;'],
      ['accept', 'application/xml'],
      ['accept', 'text/html'],
      ['x-request-id', '../../etc'],
      ['x-forwarded-for', 'not-an-ip, ::1, 999.1.1.1'],
      ['cf-ipcountry', 'KP'],
      ['cookie', 'refreshToken=garbage; a=%FF'],
      ['origin', 'https://evil.example'],
      ['content-encoding', 'gzip'],
      ['transfer-encoding', 'chunked'],
    ];
    const [name, value] = random.pick(odd);
    draft.headers[name] = value;
    draft.mutation = `header ${name}: ${shown(value)}`;
  },
};

const STRATEGY_NAMES = Object.keys(STRATEGIES);

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** One random address per request, so per-address rate limits count like many visitors rather than one. */
function remoteAddressOf(random: Random): string {
  return `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

/**
 * The `index`-th request for an operation: strategies take turns (shifted per operation, so a small count still
 * spreads them over the API), each breaking one thing in a request that is otherwise valid.
 */
export function generateRequest(
  operation: FuzzOperation,
  operationIndex: number,
  index: number,
  context: GenerateContext,
): FuzzRequest {
  const strategy = STRATEGY_NAMES[(index + operationIndex) % STRATEGY_NAMES.length]!;
  const draft = validDraft(operation, context);
  STRATEGIES[strategy]!(draft, operation, context);

  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => draft.path[name] ?? 'x');
  const search = draft.query.map(([name, value]) => (value === null ? name : `${name}=${value}`)).join('&');
  const headers = { ...draft.headers };
  let payload: string | Buffer | undefined;
  if (draft.raw) {
    payload = draft.raw.payload;
    if (draft.raw.contentType !== null) headers['content-type'] = draft.raw.contentType;
  } else if (draft.body !== NO_BODY && draft.body !== undefined) {
    payload = JSON.stringify(draft.body);
    headers['content-type'] = draft.contentType ?? 'application/json';
  }
  const authorization =
    draft.authorization ??
    (draft.identity === 'admin'
      ? `Bearer ${context.tokens.admin()}`
      : draft.identity === 'none'
        ? undefined
        : `Bearer ${context.tokens.attacker()}`);
  if (authorization) headers.authorization = authorization;
  return {
    operation,
    strategy,
    mutation: draft.mutation,
    identity: draft.identity,
    method: operation.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: remoteAddressOf(context.random),
  };
}
