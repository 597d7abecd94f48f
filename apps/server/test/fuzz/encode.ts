// How a fuzz case is put on the wire: query strings, form fields, multipart bodies, broken JSON.

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Lone surrogates replaced: what a string becomes once sent as UTF-8. */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The query string, and the object Fastify's parser makes of it (what the zod schema sees). */
export function encodeQuery(q: unknown): { text: string; parsed: Record<string, string | string[]> } {
  const parsed: Record<string, string | string[]> = {};
  const parts: string[] = [];
  if (!isObj(q)) return { text: '', parsed };
  const str = (v: unknown) =>
    typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    const key = wellFormed(k);
    const values = Array.isArray(v) ? v.slice(0, 50).map(str) : [str(v)];
    const clean = values.map((x) => wellFormed(x));
    for (const x of clean) parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(x)}`);
    if (clean.length) parsed[key] = clean.length === 1 && !Array.isArray(v) ? clean[0] : clean;
  }
  return { text: parts.join('&'), parsed };
}

/** Form fields as parseForm reads them: arrays as indexed fields, everything else as text. */
export function formFields(body: unknown): { text: [string, string][]; fields: Record<string, unknown> } {
  const text: [string, string][] = [];
  const fields: Record<string, unknown> = {};
  if (!isObj(body)) return { text, fields };
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined || v === null) continue;
    const key = wellFormed(k).replace(/["\r\n]/g, '_');
    if (Array.isArray(v)) {
      const arr = v
        .slice(0, 200)
        .map((x) => wellFormed(typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)));
      for (const [i, x] of arr.entries()) text.push([`${key}[${i}]`, x]);
      // As parseForm reads them: `name[i]` of a plain name becomes an array (never on the prototype).
      if (/^[A-Za-z_][\w]*$/.test(key)) {
        if (!(key in {})) fields[key] = arr;
      } else {
        for (const [i, x] of arr.entries()) {
          Object.defineProperty(fields, `${key}[${i}]`, { value: x, enumerable: true });
        }
      }
    } else {
      const s = wellFormed(typeof v === 'object' ? JSON.stringify(v) : String(v));
      text.push([key, s]);
      if (key !== '__proto__') fields[key] = s;
    }
  }
  return { text, fields };
}

let boundaries = 0;

export function multipart(
  text: [string, string][],
  files: Record<string, { filename: string; contentType: string; data: Buffer }>,
  breakKind: number | null,
) {
  const boundary = `----fuzz${(++boundaries).toString(16).padStart(12, '0')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of text) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${f.filename.replace(/["\r\n]/g, '_')}"\r\n` +
          (f.contentType ? `Content-Type: ${f.contentType}\r\n` : '') +
          '\r\n',
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  let contentType = `multipart/form-data; boundary=${boundary}`;
  if (breakKind === null) {
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType };
  }
  switch (breakKind % 7) {
    case 0: // no closing boundary
      break;
    case 1: // truncated in the middle of a part
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc`));
      break;
    case 2: // a boundary the header does not announce
      contentType = 'multipart/form-data; boundary=other';
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      break;
    case 3: // no boundary at all
      contentType = 'multipart/form-data';
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      break;
    case 4: // a part without Content-Disposition
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nzzz\r\n--${boundary}--\r\n`));
      break;
    case 5: // garbage
      return {
        payload: Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 131 + breakKind * 17) % 256)),
        contentType,
      };
    case 6: // too many files (the limit is 3)
      for (let i = 0; i < 5; i++) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n`,
          ),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      break;
  }
  return { payload: Buffer.concat(chunks), contentType };
}

export const BAD_JSON = [
  '{"id": 1,',
  '{"id": 1',
  '{id: 1}',
  "{'id': 1}",
  '{"id": NaN}',
  '{"id": 1}}',
  '[1, 2,]',
  '{"a": "\\x00"}',
  '{"a": "\\ud800"',
  'undefined',
  '<xml/>',
  '\u0000\u0001\u0002',
  '{"a":'.repeat(5000),
  `{"a": "${'x'.repeat(200_000)}`,
];

// ---------------------------------------------------------------------------------------------------------------
