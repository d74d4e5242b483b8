import fc from "fast-check";

// Arbitraries for what a hostile or broken client sends: wrong types, numbers JSON cannot
// hold exactly, text in every script (lone surrogates, right-to-left overrides, NUL), SQL and
// script fragments, prototype-pollution keys, deep nesting, and bodies that are not JSON at all.

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Text a client might type or forge, each entry a real-world attack or accident. */
const NASTY_TEXT = [
  "",
  " ",
  "\t\n",
  "\u0000",
  "a\u0000b",
  "\uFEFF",
  "\uD800",
  "x\uDC00y",
  "\u202Eevil.exe",
  "مرحبا بالعالم",
  "ಕನ್ನಡ",
  "👩‍👩‍👧‍👦",
  "Zoë O'Brien",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(10)",
  "\\",
  '"',
  "%00",
  "%2e%2e%2f",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x10",
  "null",
  "undefined",
  "true",
  "__proto__",
  "constructor",
  "a".repeat(300),
  "é".repeat(5_000),
] as const;

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.oneof(
        fc.constantFrom("\u0000", "\u202E", "\u200F", "'", '"', "<", "\\"),
        loneSurrogate,
        fc.string({ minLength: 1, maxLength: 1 }),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 200, maxLength: 3_000 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.5, 1.0000001, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const pollutionKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "then");

/** Any JSON value, leaves drawn from the hostile ones above. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 5 }),
    tie("object"),
  ),
  object: fc.dictionary(fc.oneof(pollutionKey, hostileString), tie("value"), { maxKeys: 5 }),
})).value;

/**
 * A valid body with one part spoiled: a field replaced by anything, removed, or a key added;
 * the body itself sometimes wrapped or replaced. Reaches the checks behind the first one.
 */
export function spoiled(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.keys(valid);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...fields), hostileJson).map(([k, v]) => ({ ...valid, [k]: v })) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...fields), hostileString).map(([k, v]) => ({ ...valid, [k]: v })) },
    { weight: 1, arbitrary: fc.constantFrom(...fields).map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(pollutionKey, hostileString), hostileJson).map(([k, v]) => withOwnKey(valid, k, v)) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([valid], { data: valid }, valid, null, [], {}, "", 0) },
  );
}

type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => pathsOf(v, [...at, i]))];
  if (value && typeof value === "object") return [at, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))];
  return [at];
}

function replacedAt(value: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && remove) copy.splice(head as number, 1);
    else copy[head as number] = replacedAt(copy[head as number], rest, replacement, remove);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[head];
  else copy[head] = replacedAt(copy[head], rest, replacement, remove);
  return copy;
}

/** A valid body with one value anywhere inside it (a nested field, a list entry) replaced or removed. */
export function spoiledDeep(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid).filter((p) => p.length > 0);
  return fc
    .tuple(fc.constantFrom(...paths), fc.oneof(hostileJson, hostileString, hostileNumber), fc.boolean())
    .map(([path, v, remove]) => replacedAt(valid, path, v, remove));
}

/** `{...obj, [key]: value}` where key may be "__proto__", kept as an own key as JSON.parse would. */
function withOwnKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...obj };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const nested = (open: string, close: string, depth: number, inner = "1") => open.repeat(depth) + inner + close.repeat(depth);

/** Raw bodies that are not the JSON the route wants, or not JSON at all. */
export const malformedBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom<string | Uint8Array>(
    "",
    " ",
    "\n\n",
    "{",
    "}",
    '{"email":',
    '{"email": "a@b.co"',
    "{'email': 'a@b.co'}",
    '{"a":1,}',
    "[1,2",
    "undefined",
    "NaN",
    "null",
    "true",
    "0",
    "-",
    "1e999999",
    '"just a string"',
    "\uFEFF{}",
    '\uFEFF{"email":"a@b.co"}',
    '{"__proto__":{"role":"admin","isAdmin":true}}',
    '{"constructor":{"prototype":{"role":"admin"}}}',
    '{"email":"a@b.co","email":"b@b.co"}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    "email=a%40b.co&password=x",
    "<xml/>",
    nested("[", "]", 10_000),
    nested('{"a":', "}", 10_000),
    `{"items":${nested("[", "]", 5_000)}}`,
    new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    new Uint8Array([0x00, 0x00, 0x00]),
  ),
  // A valid body cut short.
  fc
    .tuple(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.nat(),
    )
    .filter(([t]) => t.length > 1)
    .map(([t, n]) => t.slice(0, (n % (t.length - 1)) + 1)),
  fc.string({ unit: "binary" }),
  fc.uint8Array({ maxLength: 200 }),
);

/** Just over the 100 KB limit, or far over it: valid JSON all the same. */
export const oversizedBody: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100 * 1024 + 1, max: 400 * 1024 }), fc.constantFrom("a", "é", "😀"))
  .map(([bytes, ch]) =>
    JSON.stringify({ email: "a@b.co", password: "x".repeat(10), name: "n", pad: ch.repeat(Math.ceil(bytes / Buffer.byteLength(ch))) }),
  );

/** A header value a client can send (bytes, no line breaks), with the usual suspects. */
export const hostileHeader: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((v) =>
    Array.from(v, (c) => String.fromCharCode(c.charCodeAt(0) & 0xff))
      .join("")
      .replace(/[\r\n\0]/g, "")
      .trim(),
  ),
  fc.constantFrom("x".repeat(256), "x".repeat(255), "a b", "ä", "\x7f", "*"),
);

/** As text decoded from a URL always is: lone surrogates (which no UTF-8 encodes) become U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** A path segment as Next hands it to a handler (already decoded): anything at all. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  hostileString,
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "null",
    "%",
    "%%",
    "%ZZ",
    "..",
    ".",
    "/",
    "a/b",
    "x".repeat(65),
    "x".repeat(64),
    "x".repeat(10_000),
    "c" + "0".repeat(24),
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
);
