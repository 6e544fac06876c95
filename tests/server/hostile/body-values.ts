import type { JsonSchema } from './routes'

/** JSON text sent as it is: numbers JavaScript cannot hold, nesting, duplicate keys. */
export class Raw {
  constructor(readonly text: string) {}
}

const nested = (depth: number, open: string, close: string, inner = '') =>
  open.repeat(depth) + inner + close.repeat(depth)

/** Values put in place of each documented body field, whatever its type. */
export const FIELD_VALUES: unknown[] = [
  // Wrong types.
  null,
  true,
  false,
  0,
  -1,
  1.5,
  [],
  [null],
  [1, 2],
  ['a', 1],
  {},
  { id: 1 },
  { id: '1 or 1=1' },
  // Numbers at and past every edge.
  Number.MAX_SAFE_INTEGER * 1000,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw('-0'),
  new Raw('123456789012345678901234567890'),
  new Raw('9223372036854775808'),
  new Raw('0.30000000000000000000000001'),
  // Strings that look like other things.
  '',
  ' ',
  '   ',
  '\t\n ',
  '0',
  '-1',
  '1.005',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  'null',
  '１２３',
  ' 12 ',
  '9999999999.995',
  '10000000000',
  // Sizes and characters.
  'x'.repeat(201),
  'x'.repeat(5_000),
  'x'.repeat(70_000),
  '😀'.repeat(300),
  '😀 Ünïcødé 漢字 עברית',
  'İstanbul İI',
  '\u202eevil',
  'a\u200bb',
  '\ud800',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31mred',
  'line\r\nInjected: header',
  '\u2028\u2029',
  '\ufeffbom',
  // Injection.
  "'; drop table customers; --",
  "1' or '1'='1",
  '" or ""="',
  "x'); select pg_sleep(2); --",
  "' union select password_hash, username from agents --",
  '%_\\',
  "\\'",
  { $gt: '' },
  { $ne: null },
  '{"$where": "sleep(1000)"}',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '<%= 7*7 %>',
  '<script>alert(1)</script>',
  '%s%s%s%s%n',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '=cmd|"/c calc"!A0',
  // Structures.
  new Raw(nested(5_000, '[', ']')),
  new Raw(nested(2_000, '{"a":', '}', '1')),
  new Array<string>(2_000).fill('x'),
  Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
  new Raw('{"__proto__":{"polluted":"yes"}}'),
  new Raw('{"constructor":{"prototype":{"polluted":"yes"}}}'),
]

/** Values sent as a whole body instead of an object. */
export const WHOLE_BODIES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER * 1000,
  '',
  '   ',
  "'; drop table customers; --",
  '%_\\',
  '😀 Ünïcødé 漢字',
  'x'.repeat(5_000),
  [],
  [1, 2],
  {},
  { id: 1 },
  { id: '1 or 1=1' },
]

/** More values for a field, from what its schema says it takes. */
export function valuesFor(schema: JsonSchema): unknown[] {
  const extra: unknown[] = []
  for (const branch of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    if (branch.maxLength !== undefined) {
      extra.push('y'.repeat(branch.maxLength), 'y'.repeat(branch.maxLength + 1))
      extra.push(' '.repeat(branch.maxLength + 1) + 'y')
    }
    if (branch.minLength) extra.push('y'.repeat(branch.minLength - 1))
    if (branch.minimum !== undefined) extra.push(branch.minimum - 1, branch.minimum - 0.001)
    if (branch.maximum !== undefined) extra.push(branch.maximum + 1, branch.maximum + 0.001)
    for (const option of branch.enum ?? []) {
      if (typeof option !== 'string') continue
      extra.push(option.toUpperCase(), ` ${option} `, `${option}\u0000`, `${option}x`)
    }
    if (branch.format === 'email') {
      extra.push('a@', '@b.c', 'a@b', 'a@@b.c', `${'a'.repeat(300)}@example.com`)
      extra.push('a@b.c\n', '"a b"@c.d', 'a@[127.0.0.1]', 'a@xn--80ak6aa92e.com')
    }
    if (branch.pattern) extra.push('1'.repeat(16), '-1', '0', '1.0', '１')
  }
  return extra
}

const utf16 = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le')

/** A body in some other form, with the content type it is sent with. */
export function oddEncodings(json: string): { contentType?: string; payload: string | Buffer }[] {
  return [
    { contentType: 'text/plain', payload: json },
    { contentType: 'text/plain; charset=utf-8', payload: json },
    { contentType: 'application/x-www-form-urlencoded', payload: 'name=a&email=b%40c.d&x[y]=1' },
    {
      contentType: 'multipart/form-data; boundary=----x',
      payload: '------x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n------x--\r\n',
    },
    {
      contentType: 'application/xml',
      payload:
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
    { contentType: 'application/json; charset=utf-16le', payload: utf16(json) },
    { contentType: 'application/json', payload: utf16(json) },
    { contentType: 'application/json; charset=latin1', payload: Buffer.from(json, 'latin1') },
    { contentType: 'application/json; charset=nonsense', payload: json },
    { contentType: 'application/json; charset=', payload: json },
    { contentType: 'APPLICATION/JSON', payload: json },
    { contentType: 'application/json;;;', payload: json },
    { contentType: 'application/jsonx', payload: json },
    { contentType: 'application/vnd.api+json', payload: json },
    { contentType: 'application/json, text/html', payload: json },
    { contentType: '*/*', payload: json },
    {
      contentType: 'application/json',
      payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
    },
    { contentType: 'application/json', payload: `\ufeff${json}` },
    { contentType: 'application/octet-stream', payload: Buffer.from(json) },
    { payload: Buffer.from(json) },
  ]
}

/** Whole bodies that are not the object a route takes. */
export function oddBodies(valid: string): string[] {
  const justUnder = 1024 * 1024 - 200
  return [
    'null',
    'true',
    '1',
    '"text"',
    '[]',
    `[${valid}]`,
    '{}',
    ' ',
    '{',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    '{"a":"\\ud800"}',
    valid.replace('{', '{"x":1,"x":{"y":2},'),
    valid.replace('{', '{"__proto__":{"polluted":"yes"},'),
    valid.replace('{', '{"constructor":{"prototype":{"polluted":"yes"}},'),
    valid.replace('{', '{"id":999999,"date_created":"1970-01-01","role":"Admin","active":true,'),
    nested(200_000, '[', ']'),
    nested(100_000, '{"a":', '}', '1'),
    `{"k":${nested(200_000, '[', ']')}}`,
    `{"name":"${'x'.repeat(justUnder)}"}`,
    `[${new Array<string>(justUnder / 2).fill('0').join(',')}]`,
    `{${Array.from({ length: 40_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    valid.replace('{', `{"pad":"${'x'.repeat(1024 * 1024)}",`),
  ]
}
