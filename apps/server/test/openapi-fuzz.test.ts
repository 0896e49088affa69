/**
 * No input makes a 5xx: every operation of the served OpenAPI document gets malformed bodies,
 * parameters and headers (wrong types, missing fields, huge values, NUL and lone surrogates, bad
 * JSON, odd content types, junk and over-long path segments, bad tokens), as a visitor, a member
 * and the operator. Every answer must be under 500 and in the JSON envelope.
 *
 * Valid-looking values come from each schema (fast-check, seeded), so a case gets past the
 * fields it does not break and reaches the service and the database. FUZZ_SEED picks another
 * seed; the run is bounded by the number of cases per operation and role (FUZZ_CASES).
 */
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../src/lib/seeded-random';
import { createMember } from './factories';
import { createTestApp, opsHeaders, type TestApp } from './test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CASES_PER_ROLE = Number(process.env.FUZZ_CASES ?? 40);

/** Pages for a player's browser, not API calls: any answer under 500; JSON ones in the envelope. */
const PAGES: Record<string, string> = {
  'GET /wps/img/{kind}/{file}': 'an image',
  'GET /wps/img/game/{theme}/{file}': 'an image',
  'GET /wps/img/vendor/{seed}/{file}': 'an image',
  'GET /wps/img/game/{theme}/{motif}/{file}': "a game's art",
  'GET /wps/img/vendor/{seed}/{code}/{file}': "a vendor's mark",
  'GET /wps/headIcon/drawn/{file}': 'a drawn avatar (SVG)',
  'GET /wps/headIcon/{file}': 'an uploaded head icon (WebP)',
  'GET /wps/relay/CBS_modelAvatar/{file}': "a live host's picture (SVG)",
  'GET /ops/api/audit.csv': 'the audit trail as CSV',
  'GET /ops/api/reports/ggr': 'a CSV download with format=csv',
  'GET /ops/api/reports/cashflow': 'a CSV download with format=csv',
  'GET /ops/api/reports/registrations': 'a CSV download with format=csv',
};

/**
 * Streams that stay open until the client leaves (an injected request would wait for ever):
 * their own suites test them over a real connection.
 */
const STREAMS = new Set(['GET /ops/api/live']);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

interface Case {
  name: string;
  /** NUL, a lone surrogate or a deep nest: always sent, in the role that reaches furthest. */
  always: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

// --- values from schemas -------------------------------------------------------------------

const shortString = (schema: JsonSchema) =>
  fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 12, 12)),
    unit: 'grapheme-ascii',
  });

function arbitraryOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.constantFrom('x', 1, true);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map(arbitraryOf));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0]);
  const type: string = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') ?? 'null')
    : (schema.type ?? 'any');
  switch (type) {
    case 'string': {
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri') return fc.constant('https://example.com/x');
      if (schema.pattern) {
        const min = schema.minLength ?? 0;
        const max = schema.maxLength ?? 64;
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= min && s.length <= max);
      }
      return shortString(schema);
    }
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
      const max =
        schema.maximum ??
        (schema.exclusiveMaximum === undefined ? min + 1000 : schema.exclusiveMaximum - 1);
      return fc.integer({
        min: Math.max(min, Number.MIN_SAFE_INTEGER),
        max: Math.min(max, min + 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v)])),
        { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
      );
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant('x');
  }
}

let sampleCount = 0;
/** One value of the schema, the same on every run of the same seed. */
function sampleOf(schema: JsonSchema | undefined): unknown {
  sampleCount += 1;
  try {
    return fc.sample(arbitraryOf(schema), { seed: SEED + sampleCount, numRuns: 1 })[0];
  } catch {
    return 'x'; // a pattern fast-check could not fill within its tries
  }
}

// --- malformed values ------------------------------------------------------------------------

const NUL = 'a\u0000b';
const HIGH_SURROGATE = 'a\uD800b';
const LOW_SURROGATE = 'a\uDC00b';
/** The same three as a client would send them in a URL (a surrogate alone as WTF-8 bytes). */
const URL_POISON = ['a%00b', 'a%ED%A0%80b', 'a%ED%B0%80b'];
const PATH_JUNK = [
  'zz',
  '0',
  '-1',
  '1.5',
  '99999999999999999999',
  'a'.repeat(101),
  'a'.repeat(2000),
  '%E0%A4%A',
  '%',
  '%2F..%2F',
  '%20',
  '🎲',
  ...URL_POISON,
];
/** Arrays inside arrays, deeper than any schema or jsonb column takes. */
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_MARK = '\u0001deep\u0001';
const WRONG_TYPES: unknown[] = ['x', 12, -1, 1.5, 1e308, true, null, {}, [], [null], { a: 1 }];
const BODIES = [
  '',
  '{',
  '{"a":',
  '[]',
  'null',
  '"x"',
  '1',
  'true',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\u0000',
  '{"a\u0000":1}',
  '["\\u0000"]',
  '{"\\ud800":"\\udc00"}',
  `{"deep":${'['.repeat(2000)}${']'.repeat(2000)}}`,
  `${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`,
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string (and number/boolean) leaf of a value, with the path to it. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [path];
}

function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, next);
  return copy;
}

const poisoned = (base: unknown, poison: string) =>
  typeof base === 'string' && base.length > 0
    ? `${base.slice(0, 1)}${poison}${base.slice(1)}`
    : poison;

// --- cases ---------------------------------------------------------------------------------

/** Values that reach further than random ones (a real game, the test member). */
type Hints = Record<string, string>;

function buildUrl(op: Operation, path: Record<string, string>, query: Record<string, string[]>) {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => path[name] ?? 'x');
  const pairs = Object.entries(query).flatMap(([k, values]) => values.map((v) => `${k}=${v}`));
  return pairs.length ? `${url}?${pairs.join('&')}` : url;
}

const enc = (value: unknown) =>
  encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

function casesFor(op: Operation, hints: Hints): Case[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');

  const basePath = Object.fromEntries(
    pathParams.map((p) => [
      p.name,
      (p.schema.enum ? undefined : hints[p.name]) ?? enc(sampleOf(p.schema)),
    ]),
  );
  const baseQuery: Record<string, string[]> = {};
  for (const p of queryParams) {
    if (p.name === 'language') baseQuery[p.name] = ['EN'];
    else if (hints[p.name]) baseQuery[p.name] = [hints[p.name]!];
    else if (p.required || sampleCount % 2 === 0) baseQuery[p.name] = [enc(sampleOf(p.schema))];
  }
  const baseHeaders: Record<string, string> = {};
  for (const p of headerParams) baseHeaders[p.name] = `fuzz-${SEED}-${(sampleCount += 1)}`;
  const baseBody = op.body ? sampleOf(op.body) : undefined;

  const cases: Case[] = [];
  const add = (
    name: string,
    {
      path = basePath,
      query = baseQuery,
      headers = {},
      body = baseBody,
      raw,
      always = false,
    }: {
      path?: Record<string, string>;
      query?: Record<string, string[]>;
      headers?: Record<string, string>;
      body?: unknown;
      raw?: string;
      always?: boolean;
    },
  ) => {
    const payload = raw ?? (op.body && body !== undefined ? JSON.stringify(body) : undefined);
    cases.push({
      name,
      always,
      method: op.method,
      url: buildUrl(op, path, query),
      headers: {
        ...baseHeaders,
        ...(payload !== undefined && raw === undefined
          ? { 'content-type': 'application/json' }
          : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });
  };

  add('plausible', {});
  // NUL and lone surrogates in each field: the body's leaves (keys too), the query, the path.
  if (op.body) {
    for (const leaf of leaves(baseBody)) {
      const at = leaf.join('.') || '(body)';
      const current = leaf.reduce<unknown>(
        (v, k) => (v as Record<string | number, unknown>)[k],
        baseBody,
      );
      for (const poison of [NUL, HIGH_SURROGATE, LOW_SURROGATE]) {
        add(`body ${at} poisoned ${JSON.stringify(poison)}`, {
          body: replaceAt(baseBody, leaf, poisoned(current, poison)),
          always: true,
        });
      }
      for (const wrong of WRONG_TYPES) {
        add(`body ${at} = ${JSON.stringify(wrong)}`, { body: replaceAt(baseBody, leaf, wrong) });
      }
      add(`body ${at} huge`, { body: replaceAt(baseBody, leaf, 'x'.repeat(20_000)) });
      add(`body ${at} nested deep`, {
        raw: JSON.stringify(replaceAt(baseBody, leaf, DEEP_MARK)).replace(
          JSON.stringify(DEEP_MARK),
          DEEP,
        ),
        headers: { 'content-type': 'application/json' },
        always: true,
      });
    }
    for (const property of Object.keys(op.body.properties ?? {})) {
      if (baseBody && typeof baseBody === 'object' && !(property in baseBody)) {
        for (const poison of [NUL, HIGH_SURROGATE]) {
          add(`body ${property} added ${JSON.stringify(poison)}`, {
            body: { ...baseBody, [property]: poison },
            always: true,
          });
        }
      }
    }
    for (const required of op.body.required ?? []) {
      const { [required]: _dropped, ...rest } = (baseBody ?? {}) as Record<string, unknown>;
      add(`body without ${required}`, { body: rest });
    }
    add('body with an unknown NUL key', {
      body: { ...(baseBody as object), [`k${NUL}`]: NUL },
      always: true,
    });
    for (const raw of BODIES) add(`raw body ${JSON.stringify(raw.slice(0, 30))}`, { raw });
    add('body over the limit', { raw: JSON.stringify({ pad: 'x'.repeat(70_000) }) });
    const form = Object.entries((baseBody ?? {}) as Record<string, unknown>)
      .map(([k, v]) => `${k}=${enc(v)}`)
      .join('&');
    for (const [contentType, payload] of [
      ['text/plain', JSON.stringify(baseBody)],
      ['application/x-www-form-urlencoded', form],
      ['application/x-www-form-urlencoded', 'a=%ED%A0%80&b=%'],
      ['application/jose', 'not.a.jwe'],
      ['application/jose', 'a.b.c.d.e'],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
      ['application/json; charset=utf-16', JSON.stringify(baseBody)],
      ['application/json', '\uFEFF{}'],
    ] as const) {
      add(`content-type ${contentType}: ${payload.slice(0, 20)}`, {
        raw: payload,
        headers: { 'content-type': contentType },
      });
    }
    // A form body carries NUL as %00: each field poisoned in turn.
    for (const property of Object.keys(op.body.properties ?? {})) {
      add(`form ${property}=a%00b`, {
        raw: `${form}&${property}=a%00b`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        always: true,
      });
    }
  } else if (op.method !== 'GET') {
    add('unexpected JSON body', {
      raw: '{"a":"\\u0000"}',
      headers: { 'content-type': 'application/json' },
    });
    add('unexpected form body', {
      raw: 'a=%00',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  for (const p of queryParams) {
    for (const poison of URL_POISON) {
      add(`query ${p.name}=${poison}`, {
        query: { ...baseQuery, [p.name]: [poison] },
        always: true,
      });
    }
    for (const junk of ['', 'x', '-1', '1e999', '%', '%zz', 'a'.repeat(5000), '[object Object]']) {
      add(`query ${p.name}=${junk.slice(0, 20)}`, { query: { ...baseQuery, [p.name]: [junk] } });
    }
    add(`query ${p.name} twice`, { query: { ...baseQuery, [p.name]: ['1', '2'] } });
    if (p.required) {
      const { [p.name]: _dropped, ...rest } = baseQuery;
      add(`query without ${p.name}`, { query: rest });
    }
  }
  add('unknown query parameters', { query: { ...baseQuery, 'x%00y': ['1'], __proto__x: ['1'] } });
  add('query language=XX', { query: { ...baseQuery, language: ['XX%00'] } });
  for (const p of pathParams) {
    for (const junk of PATH_JUNK) {
      add(`path ${p.name}=${junk.slice(0, 20)}`, {
        path: { ...basePath, [p.name]: junk },
        always: URL_POISON.includes(junk),
      });
    }
  }
  for (const p of headerParams) {
    for (const junk of ['', ' ', 'a'.repeat(500), NUL, 'ä']) {
      add(`header ${p.name}=${JSON.stringify(junk.slice(0, 20))}`, {
        headers: { [p.name]: junk },
        always: junk === NUL,
      });
    }
  }
  for (const [name, value] of [
    ['accept-language', 'xx-YY;q=abc,,;'],
    ['accept-language', NUL],
    ['accept-language', 'a'.repeat(5000)],
    ['user-agent', `fuzz${NUL}agent${HIGH_SURROGATE}`],
    ['user-agent', 'u'.repeat(5000)],
    ['x-request-id', 'a'.repeat(5000)],
    ['x-forwarded-for', 'not-an-ip'],
    ['x-forwarded-for', `${'f'.repeat(60)}, 10.0.0.1`],
    ['if-none-match', `"${NUL}"`],
    ['content-length', '-1'],
    ['x-vendor-provider', NUL],
    ['x-vendor-signature', 'f'.repeat(64)],
  ] as const) {
    add(`header ${name}=${JSON.stringify(value.slice(0, 16))}`, {
      headers: { [name]: value },
      always: value.includes('\u0000') || name === 'x-forwarded-for',
    });
  }
  return cases;
}

/** A seeded shuffle, so a bounded run takes a fair and repeatable share of each kind of case. */
function pick<T>(items: T[], count: number, seed: number): T[] {
  if (items.length <= count) return items;
  const next = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

// --- answers -------------------------------------------------------------------------------

function problemWith(
  op: Operation,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  const type = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : '';
  if (op.key in PAGES && !type.startsWith('application/json')) return undefined;
  if (res.statusCode >= 300 && res.statusCode < 400) {
    return res.headers.location ? undefined : `redirect ${res.statusCode} without a location`;
  }
  if (!type.startsWith('application/json'))
    return `${res.statusCode} answered ${type || 'no type'}`;
  let body: Json;
  try {
    body = JSON.parse(res.body) as Json;
  } catch {
    return `${res.statusCode} answered JSON that does not parse`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an envelope';
  if (res.statusCode < 400) {
    return body.success === true && 'value' in body ? undefined : 'not a success envelope';
  }
  return body.success === false &&
    typeof body.errorCode === 'string' &&
    typeof body.message === 'string'
    ? undefined
    : `${res.statusCode} not an error envelope`;
}

// --- the run -------------------------------------------------------------------------------

let t: TestApp;
let operations: Operation[];
let hints: Hints;

async function memberToken(app: FastifyInstance, current: string | undefined) {
  if (current) {
    const check = await app.inject({ url: '/wps/member/info', headers: { token: current } });
    if (check.statusCode === 200) return current;
  }
  return (await createMember(app)).token;
}

beforeAll(async () => {
  // Generous limits: the rate limiter has its own tests; here every case should reach its route.
  // Behind a load balancer as in production, so X-Forwarded-For decides the client address.
  t = await createTestApp({
    rateLimit: { max: 1_000_000, windowMs: 60_000, auth: 1_000_000 },
    trustProxy: true,
  });
  const doc = (await t.app.inject({ url: '/wps/docs/json' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  }>();
  operations = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, spec]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: spec.parameters ?? [],
        body: spec.requestBody?.content['application/json']?.schema,
      })),
    )
    .filter((op) => !STREAMS.has(op.key));
  // The operator API last: a fuzzed setting (maintenance, say) must not close the player API
  // under the cases that follow.
  operations.sort(
    (a, b) => Number(a.path.startsWith('/ops/')) - Number(b.path.startsWith('/ops/')),
  );
  const games = await t.app.inject({ url: '/wps/game/list?pageSize=1&language=EN' });
  const nodeId = String(games.json().value?.list?.[0]?.nodeId ?? '1');
  const member = await createMember(t.app);
  hints = {
    nodeId,
    username: member.username,
    ref: member.username,
    provider: 'DEMO',
    // A setting whose value is free text (jsonb): the deepest a fuzzed setting can reach.
    name: 'maintenanceMessage',
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('OpenAPI fuzz', () => {
  it('answers every malformed request under 500, in the envelope', async () => {
    const started = Date.now();
    expect(operations.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let sent = 0;
    let sentAlways = 0;
    let token: string | undefined;
    for (const [index, op] of operations.entries()) {
      const cases = casesFor(op, hints);
      const alwaysCases = cases.filter((c) => c.always);
      const otherCases = cases.filter((c) => !c.always);
      // Poison goes where it reaches furthest: the operator API as the operator, the rest as a
      // member (who passes every player guard).
      const deepest = op.path.startsWith('/ops/') ? 'operator' : 'member';
      const roles: [string, () => Record<string, string>][] = [
        ['visitor', () => ({})],
        ['member', () => ({ token: token! })],
        ['operator', () => opsHeaders()],
      ];
      for (const [roleIndex, [role, auth]] of roles.entries()) {
        if (role === 'member') token = await memberToken(t.app, token);
        const chosen = [
          ...(role === deepest ? alwaysCases : []),
          ...pick(otherCases, CASES_PER_ROLE, SEED + index * 3 + roleIndex),
        ];
        if (role === deepest) sentAlways += alwaysCases.length;
        for (const c of chosen) {
          const options: InjectOptions = {
            method: c.method,
            url: c.url,
            headers: { ...auth(), ...c.headers },
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          };
          sent += 1;
          let problem: string | undefined;
          let res;
          try {
            res = await t.app.inject(options);
            problem = problemWith(op, res);
          } catch (error) {
            problem = `inject threw ${String(error)}`;
          }
          if (problem) {
            problems.push(
              `${op.key} as ${role}, ${c.name}: ${problem} ${res?.body.slice(0, 160) ?? ''}`,
            );
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz: ${operations.length} operations, ${sent} requests (${sentAlways} poisoned or deep) in ${seconds} s`,
    );
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, problems.join('\n'));
    expect(problems.slice(0, 30), `${problems.length} answers broke the rules`).toEqual([]);
  }, 180_000);
});
