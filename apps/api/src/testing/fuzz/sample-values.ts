import type { JsonSchema } from './openapi-operations.ts';
import type { Random } from './prng.ts';

/** What the value generator may draw on: ids by resource word, and the emails and passwords worth trying. */
export interface ValuePools {
  idsFor(resource: string): string[];
  emails: string[];
  passwords: string[];
}

/**
 * Text that has broken servers: NUL and lone surrogates (PostgreSQL refuses them), direction marks, emoji with
 * joiners, stacked combining marks, a byte-order mark, non-characters, line separators, and strings that mean
 * something to SQL, templates, paths and LIKE patterns.
 */
export const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\ud83d', '\udc00\ud800'];

export const ODD_STRINGS = [
  '',
  ' ',
  '\u202eevil\u202c.exe',
  '\u200f\u200e\u061c',
  '😀',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307',
  'Z̸̡̛̗a̵̢l̷g̵o̶',
  '\ufeffBOM',
  '\uffff\ufffe',
  'line\u2028break\u2029',
  '\t\r\n',
  '\u0001\u001f\u007f',
  'İıßẞﬁ',
  '１２３',
  '%00',
  '%s%n%x',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  "'; drop table users; --",
  '${7*7}{{7*7}}',
  '%_\\',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '0x1F',
];

/** Numbers past every sensible bound: negative, zero, fractions, past 32 and 53 bits, past a double's integers. */
export const ODD_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -0.5,
  1.5,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Query and path text for numbers and ids that a JSON body could not carry. */
export const ODD_NUMBER_TEXT = [
  '-1',
  '0',
  '1.5',
  '1e3',
  '1e400',
  '9'.repeat(40),
  '0x10',
  ' 1',
  '1 ',
  '',
  'NaN',
  'Infinity',
  '+1',
  '١',
];

export function randomUuid(random: Random): string {
  const hex = () => random.int(0, 15).toString(16);
  const part = (length: number) => Array.from({ length }, hex).join('');
  return `${part(8)}-${part(4)}-7${part(3)}-${random.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
}

/** Samples that satisfy common patterns and field names (wallet addresses, phone numbers, routing numbers...). */
const PATTERN_SAMPLES = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '+15551230000',
  '021000021',
  '000123456789',
  'DE89370400440532013000',
  'DEUTDEFF',
  '/uploads/0123456789abcdef0123456789abcdef.png',
  'https://example.com/page',
  'US',
  'USD',
  'Fanabc',
  'fan-slug',
  '123456',
  'abc',
  'A',
];

const NAMED_SAMPLES: [RegExp, string[]][] = [
  [/nickname/i, ['Fanxyz', 'Collectorabc']],
  [/phone/i, ['+15551230000', '+821012345678']],
  [/country/i, ['US', 'DE', 'KR']],
  [/currency/i, ['USD', 'CYP']],
  [/routing/i, ['021000021']],
  [/accountnumber/i, ['000123456789']],
  [/iban/i, ['DE89 3704 0044 0532 0130 00']],
  [/swift/i, ['DEUTDEFF']],
  [/cardnumber/i, ['4242424242424242', '4000000000000002']],
  [/address/i, ['0x52908400098527886E0F7030069857D2E4169EE7', '1 Main Street']],
  [/url/i, ['/uploads/0123456789abcdef0123456789abcdef.png', 'https://example.com/x']],
  [/code/i, ['123456', '000000']],
  [/slug/i, ['fan-slug']],
];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function words(random: Random, min: number, max: number): string {
  const length = Math.max(min, Math.min(max, random.int(Math.max(min, 3), Math.max(min, 12))));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length }, () => alphabet[random.int(0, alphabet.length - 1)]).join('');
}

function validString(schema: JsonSchema, name: string, random: Random, pools: ValuePools): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 40;
  switch (schema.format) {
    case 'uuid': {
      const known = pools.idsFor(name);
      return known.length > 0 && random.chance(0.8) ? random.pick(known) : randomUuid(random);
    }
    case 'email':
      return random.chance(0.5) ? random.pick(pools.emails) : `fuzz.${random.int(0, 1e9)}@example.com`;
    case 'date-time':
      return new Date(Date.now() + random.int(-30, 30) * 86_400_000).toISOString();
    case 'date':
      return new Date(Date.now() + random.int(-30, 30) * 86_400_000).toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.com/page';
    default:
  }
  if (/password/i.test(name)) return random.pick(pools.passwords);
  const named = NAMED_SAMPLES.find(([pattern]) => pattern.test(name));
  const candidates = named && random.chance(0.8) ? [...named[1], ...PATTERN_SAMPLES] : PATTERN_SAMPLES;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const match = candidates.find(
      (candidate) => pattern.test(candidate) && candidate.length >= min && candidate.length <= max,
    );
    if (match) return match;
  } else if (named && random.chance(0.8)) {
    const sample = random.pick(named[1]);
    if (sample.length >= min && sample.length <= max) return sample;
  }
  return words(random, min, max);
}

function validNumber(schema: JsonSchema, isInteger: boolean, random: Random): number {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const min = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : 0);
  const max = Math.min(schema.maximum ?? min + 1_000, min + 100_000);
  const value = random.chance(0.3) ? min : min + random.next() * (max - min);
  return isInteger ? Math.round(value) : Math.round(value * 100) / 100;
}

/**
 * A value the schema accepts, most of the time: the fuzzer starts from one and breaks a single thing, so a request
 * gets past validation far enough to reach the code behind it. Ids come from the world's pools by the field's name
 * (`dropId` draws drop ids), so other people's ids are tried too.
 */
export function validValue(schema: JsonSchema, name: string, random: Random, pools: ValuePools, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return random.pick(schema.enum);
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches && branches.length > 0) {
    const nonNull = branches.filter((branch) => !typesOf(branch).includes('null') || typesOf(branch).length > 1);
    return validValue(random.pick(nonNull.length > 0 ? nonNull : branches), name, random, pools, depth + 1);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, name, random, pools, depth + 1);
  }
  if (schema.nullable && random.chance(0.05)) return null;
  const type = typesOf(schema).find((candidate) => candidate !== 'null') ?? 'string';
  switch (type) {
    case 'string':
      return validString(schema, name, random, pools);
    case 'integer':
      return validNumber(schema, true, random);
    case 'number':
      return validNumber(schema, false, random);
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const length = Math.max(
        schema.minItems ?? 0,
        Math.min(schema.maxItems ?? 3, random.int(schema.minItems ?? 0, 3)),
      );
      return Array.from({ length }, () => validValue(schema.items ?? {}, name, random, pools, depth + 1));
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(
        ([key]) => required.has(key) || random.chance(0.5),
      );
      return Object.fromEntries(entries.map(([key, value]) => [key, validValue(value, key, random, pools, depth + 1)]));
    }
    default:
      return null;
  }
}

/** Values of every other JSON type than the schema's, and shapes that look like operators to a careless query. */
export function wrongTypeValues(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const candidates: [string, unknown][] = [
    ['string', 'text'],
    ['string', '12'],
    ['integer', 12],
    ['number', 1.25],
    ['boolean', true],
    ['null', null],
    ['object', {}],
    ['object', { $gt: '' }],
    ['array', []],
    ['array', ['a', 1]],
  ];
  const isNumeric = types.includes('integer') || types.includes('number');
  return candidates
    .filter(([type]) => !types.includes(type) && !(isNumeric && (type === 'integer' || type === 'number')))
    .filter(([type]) => !(type === 'null' && schema.nullable))
    .map(([, value]) => value);
}

/** A string far past any field's limit; some past the body limit (1 MiB) too. */
export function hugeString(random: Random): string {
  const length = random.pick([1_000, 10_000, 100_000, 600_000, 1_100_000]);
  return random.chance(0.3) ? '😀'.repeat(Math.ceil(length / 2)) : 'a'.repeat(length);
}

/**
 * Percent-encodes text for a URL even when it holds a lone surrogate (encodeURIComponent throws there): such a code
 * unit goes out as the three bytes a careless encoder would send, which are not UTF-8.
 */
export function encodeForUrl(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(character);
  }
  return out;
}
