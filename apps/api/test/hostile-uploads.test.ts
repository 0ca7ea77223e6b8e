import { errorBodySchema } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Fastify from 'fastify';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema';
import { assertFormDeclared } from '../src/platform/uploads';
import { createTestApp, type TestApp } from './app';
import { login, registerPerformer, signedIn } from './factories';
import { type Operation, operationName, operationsOf, urlOf } from './fuzz/operations';
import { validArbitrary } from './fuzz/values';
import { jpeg, jpegHtmlPolyglot, pdfWithOpenActionScript, pixelBombPng, truncatedJpeg } from './hostile-files';

/**
 * Every upload route, found in the OpenAPI document (its multipart form lists the file fields and
 * what each accepts), gets every hostile upload below. None may answer 500; each refusal is a 4xx
 * in the error shape that names the problem. A new upload route joins by being documented with
 * `multipartForm` (platform/uploads.ts), which is also what shows its form to API clients.
 */

type Accepts = 'image' | 'video' | 'audio' | 'document' | 'download';
type FilePart = { name: string; filename: string; data: Buffer; contentType?: string };
type Part = { name: string; value: string } | FilePart;

const BOUNDARY = '----limelight-hostile-upload';

/** A multipart body written by hand, so that names, boundaries and lengths can be wrong on purpose. */
function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks = parts.map((part) => {
    const disposition =
      'data' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      'data' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]);
  });
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/**
 * What a case expects of a route for the file field it targets: `refused` (a 4xx whose message
 * or details match), or `taken` (the hostile file itself is not refused: any answer but a 5xx
 * or a refusal naming the field; the route may still refuse a random id or another field).
 */
type Expectation = { refused: RegExp; status?: number[] } | 'taken';
type Request = { headers?: Record<string, string>; payload: Buffer | string };
type Target = { field: string; accepts: Accepts; form: Operation['form'] & object };
type HostileCase = { name: string; build(target: Target): Promise<Request>; expect(target: Target): Expectation };

/** A file each kind takes as it is: a JPEG for images, documents and downloads; none at hand for video or audio. */
const sendsJpeg = (accepts: Accepts) => accepts === 'image' || accepts === 'document' || accepts === 'download';
const validFile = async (accepts: Accepts) => (sendsJpeg(accepts) ? jpeg() : undefined);
/** The ids a text field may name: none that exists, so the form is valid but its targets are not. */
const pools = { ids: [crypto.randomUUID()] };

/** The rest of the form, valid: text fields from its schema and the other required files. */
async function restOfForm(target: Target, changes: Partial<Record<string, string>> = {}): Promise<Part[]> {
  const parts: Part[] = [];
  // The values the targeted file goes with (a digital product's file with type=digital).
  const when = (target.form.properties?.[target.field] as { 'x-when'?: Record<string, string> } | undefined)?.['x-when'];
  changes = { ...when, ...changes };
  for (const [name, schema] of Object.entries(target.form.properties ?? {})) {
    if (name === target.field) continue;
    const accepts = (schema as { 'x-accepts'?: Accepts })['x-accepts'];
    if (accepts) {
      const data = target.form.required?.includes(name) ? await validFile(accepts) : undefined;
      if (data) parts.push({ name, filename: `${name}.jpg`, data, contentType: 'image/jpeg' });
      continue;
    }
    const value = changes[name] ?? fc.sample(validArbitrary(schema, pools), { seed: 13, numRuns: 1 })[0];
    if (value !== undefined) parts.push({ name, value: typeof value === 'object' ? JSON.stringify(value) : String(value) });
  }
  return parts;
}

const withFile = (file: Omit<FilePart, 'name'>) => async (target: Target) => ({
  payload: multipart([...(await restOfForm(target)), { name: target.field, ...file }]),
});
const naming = (...words: string[]) => new RegExp(words.join('|'), 'i');
/** Refused by what the bytes are: 415 for a field of another kind, `otherwise` for the kinds listed. */
const byKind = (otherwise: Partial<Record<Accepts, Expectation>>) => (target: Target) =>
  otherwise[target.accepts] ?? { refused: naming('must be a', 'must be an'), status: [415] };
const textFieldOf = (target: Target) =>
  Object.entries(target.form.properties ?? {}).find(([, schema]) => schema.type === 'string' && !('x-accepts' in schema))?.[0];

const CASES: HostileCase[] = [
  {
    name: 'zero-byte file',
    build: withFile({ filename: 'empty.jpg', data: Buffer.alloc(0), contentType: 'image/jpeg' }),
    expect: () => ({ refused: naming('must be'), status: [415] }),
  },
  {
    name: 'text sent as an image',
    build: withFile({ filename: 'photo.jpg', data: Buffer.from('just some text, not a picture'), contentType: 'image/jpeg' }),
    expect: () => ({ refused: naming('must be'), status: [415] }),
  },
  {
    name: 'JPEG/HTML polyglot',
    build: async (target) => withFile({ filename: 'photo.jpg', data: await jpegHtmlPolyglot(), contentType: 'image/jpeg' })(target),
    expect: byKind({ image: 'taken', document: 'taken', download: 'taken' }),
  },
  {
    name: 'PDF with /OpenAction JavaScript',
    build: async (target) =>
      withFile({ filename: 'id.pdf', data: await pdfWithOpenActionScript(), contentType: 'application/pdf' })(target),
    // A download is delivered as its creator made it, only as an attachment (decision 016).
    expect: byKind({ document: 'taken', download: 'taken' }),
  },
  {
    name: '20000×20000 PNG (pixel bomb)',
    build: withFile({ filename: 'bomb.png', data: pixelBombPng(), contentType: 'image/png' }),
    expect: byKind({
      image: { refused: naming('20000×20000 pixels; images may have at most 100 megapixels'), status: [422] },
      document: { refused: naming('20000×20000 pixels; images may have at most 100 megapixels'), status: [422] },
      download: 'taken',
    }),
  },
  {
    name: 'truncated JPEG',
    build: async (target) => withFile({ filename: 'cut.jpg', data: await truncatedJpeg(), contentType: 'image/jpeg' })(target),
    expect: byKind({
      image: { refused: naming('could not be read as an image'), status: [422] },
      document: { refused: naming('could not be read as an image'), status: [422] },
      download: 'taken',
    }),
  },
  {
    name: 'NUL in the file name',
    build: async (target) => withFile({ filename: 'id\u0000.jpg', data: await jpeg(), contentType: 'image/jpeg' })(target),
    expect: byKind({ image: 'taken', document: 'taken', download: 'taken' }),
  },
  {
    name: 'NUL in a text field',
    build: async (target) => {
      const text = textFieldOf(target);
      const file = await validFile(target.accepts);
      const parts = await restOfForm(target, text ? { [text]: 'a\u0000b' } : {});
      if (file) parts.push({ name: target.field, filename: 'x.jpg', data: file, contentType: 'image/jpeg' });
      return { payload: multipart(text ? parts : [...parts, { name: 'note', value: 'a\u0000b' }]) };
    },
    // A form with text fields refuses the NUL naming the field; elsewhere the stray field is never
    // read and the upload goes on. With no video or audio at hand to send, a route may first say
    // that its file is missing.
    expect: (target) => {
      const sent = sendsJpeg(target.accepts);
      if (textFieldOf(target))
        return { refused: sent ? naming('must not contain NUL') : naming('must not contain NUL', 'is required'), status: [400] };
      return sent ? 'taken' : { refused: naming('is required'), status: [400] };
    },
  },
  {
    name: 'file under an unknown field',
    build: async (target) => ({
      payload: multipart([
        ...(await restOfForm(target)),
        { name: 'passport', filename: 'x.jpg', data: await jpeg(), contentType: 'image/jpeg' },
      ]),
    }),
    expect: () => ({ refused: naming('passport'), status: [400] }),
  },
  {
    name: 'multipart without a boundary',
    build: async () => ({ headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary here' }),
    expect: () => ({ refused: naming('multipart'), status: [400] }),
  },
  {
    name: 'multipart cut short',
    build: async (target) => {
      const body = multipart([{ name: target.field, filename: 'photo.jpg', data: await jpeg(), contentType: 'image/jpeg' }]);
      return { payload: body.subarray(0, body.length - 60) };
    },
    expect: () => ({ refused: naming('multipart', 'ended before'), status: [400] }),
  },
  {
    name: 'a boundary longer than the parser allows',
    build: async () => ({ headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` }, payload: 'x' }),
    expect: () => ({ refused: naming('multipart'), status: [400] }),
  },
  {
    name: 'too many fields',
    build: async () => ({ payload: multipart(Array.from({ length: 60 }, (_, index) => ({ name: `field${index}`, value: 'x' }))) }),
    expect: () => ({ refused: naming('too many'), status: [400] }),
  },
  {
    name: 'too many files',
    build: async (target) => {
      const data = await jpeg();
      return {
        payload: multipart(Array.from({ length: 12 }, () => ({ name: target.field, filename: 'x.jpg', data, contentType: 'image/jpeg' }))),
      };
    },
    expect: () => ({ refused: naming('too many', 'unexpected', 'must be'), status: [400, 415] }),
  },
  {
    name: 'a field named __proto__',
    build: async () => ({ payload: multipart([{ name: '__proto__', value: 'x' }]) }),
    expect: () => ({ refused: naming('__proto__'), status: [400] }),
  },
  {
    name: 'a text field past 64 kB',
    build: async () => ({ payload: multipart([{ name: 'title', value: 'x'.repeat(70 * 1024) }]) }),
    expect: () => ({ refused: naming('longer than 64 kB'), status: [400] }),
  },
  {
    name: 'JSON instead of a form',
    build: async () => ({ headers: { 'content-type': 'application/json' }, payload: '{"file":"not a file"}' }),
    expect: () => ({ refused: naming('multipart/form-data'), status: [415] }),
  },
];

let app: TestApp;
let uploads: Array<{ operation: Operation; targets: Target[] }>;
const callers: Record<string, Record<string, string>> = { anonymous: {} };
let accountId: string;

beforeAll(async () => {
  app = await createTestApp();
  const operations = await operationsOf(app);
  uploads = operations
    .filter((operation) => operation.form)
    .map((operation) => ({
      operation,
      targets: Object.entries(operation.form!.properties ?? {}).flatMap(([field, schema]) => {
        const accepts = (schema as { 'x-accepts'?: Accepts })['x-accepts'];
        return accepts ? [{ field, accepts, form: operation.form! }] : [];
      }),
    }));
  const fan = await signedIn(app, 'user');
  accountId = fan.user.id;
  callers.fan = fan.headers;
  const creator = await registerPerformer(app);
  callers.creator = { authorization: `Bearer ${await login(app, creator.username)}` };
  callers.admin = (await signedIn(app, 'admin')).headers;
});
afterAll(() => app?.close());

/** The first caller the route lets in: a visitor, a fan, a creator or an admin. */
async function callerOf(operation: Operation) {
  for (const headers of Object.values(callers)) {
    const response = await app.inject({
      method: operation.method,
      url: urlOf(operation, { id: accountId }, {}),
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([]),
    });
    if (response.statusCode !== 401 && response.statusCode !== 403) return headers;
  }
  throw new Error(`${operationName(operation)} lets no caller in`);
}

describe('hostile uploads on every upload route', () => {
  it('finds the upload routes in the OpenAPI document, each with its file fields', () => {
    expect(uploads.length).toBeGreaterThanOrEqual(18);
    for (const { operation, targets } of uploads) expect(targets.length, operationName(operation)).toBeGreaterThan(0);
  });

  it('refuses to build a multipart route that does not declare its form, so none escapes this table', async () => {
    const bare = Fastify();
    bare.addHook('onRoute', assertFormDeclared);
    expect(() => bare.post('/upload', { schema: { consumes: ['multipart/form-data'] } }, async () => ({}))).toThrow(
      'POST /upload takes multipart/form-data: declare its form with multipartForm()',
    );
    await bare.close();
  });

  it('answers every hostile upload with a 4xx naming the problem, never a 500', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    for (const { operation, targets } of uploads) {
      const headers = await callerOf(operation);
      for (const target of targets) {
        for (const hostile of CASES) {
          const request = await hostile.build(target);
          const response = await app.inject({
            method: operation.method,
            url: urlOf(operation, { id: accountId }, {}),
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers, ...request.headers },
            payload: request.payload,
          });
          const problem = problemWith(response, hostile.expect(target), target.field);
          if (problem) failures.push(`${operationName(operation)} ${target.field} (${target.accepts}), ${hostile.name}: ${problem}`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

function problemWith(response: { statusCode: number; body: string }, expectation: Expectation, field: string): string | undefined {
  const answer = `answered ${response.statusCode} ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 500) return answer;
  if (response.statusCode < 400) return expectation === 'taken' ? undefined : `was not refused: ${answer}`;
  const shape = errorBodySchema.safeParse(JSON.parse(response.body));
  if (!shape.success || shape.data.statusCode !== response.statusCode) return `a refusal outside the error shape: ${answer}`;
  const { message, details = [] } = shape.data;
  if (expectation === 'taken') {
    return details.some((detail) => detail.field === field) ? `refused a file it should take: ${answer}` : undefined;
  }
  if (expectation.status && !expectation.status.includes(response.statusCode))
    return `expected ${expectation.status.join(' or ')}: ${answer}`;
  const said = [message, ...details.map((detail) => `${detail.field} ${detail.message}`)].join(' ');
  return expectation.refused.test(said) ? undefined : `the refusal does not name the problem (${expectation.refused}): ${answer}`;
}

describe('identity documents keep nothing that can act (issue 13, part 7)', () => {
  let creator: Record<string, string>;
  beforeAll(async () => {
    const registered = await registerPerformer(app);
    creator = { authorization: `Bearer ${await login(app, registered.username)}` };
  });

  const upload = (field: string, filename: string, data: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/api/performers/documents/upload',
      headers: { ...creator, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: field, filename, data }]),
    });
  /** The creator's current document for `field`, as the admin downloads it. */
  async function served(field: string) {
    const me = await app.inject({ url: '/api/performers/me', headers: creator });
    const list = await app.inject({ url: `/api/admin/accounts?role=performer&q=${me.json().username}`, headers: callers.admin });
    const document = (list.json().data[0].documents as Array<{ _id: string; field: string; url: string }>).find(
      (item) => item.field === field,
    )!;
    const [file] = await app.deps.db.select().from(files).where(eq(files.id, document._id));
    return { file: file!, response: await app.inject({ url: document.url, headers: callers.admin }) };
  }
  const sandboxed = { 'x-content-type-options': 'nosniff', 'content-security-policy': "sandbox; default-src 'none'" };

  it('re-encodes a JPEG/HTML polyglot to a plain WebP, shown inline but sandboxed', async () => {
    const response = await upload('idVerification', 'id\u0000card.jpg', await jpegHtmlPolyglot());
    expect(response.statusCode, response.body).toBe(200);
    const { file, response: document } = await served('idVerification');
    expect(file.originalName).toBe('idcard.jpg');
    expect(document.headers).toMatchObject({ 'content-type': 'image/webp', ...sandboxed });
    expect(document.headers['content-disposition']).toMatch(/^inline; filename="document-[0-9a-f-]+\.webp"$/);
    expect(document.rawPayload.includes('<script')).toBe(false);
    expect((await sharp(document.rawPayload).metadata()).format).toBe('webp');
  });

  it('writes a PDF again without its scripts, and serves it only as a download', async () => {
    const hostile = await pdfWithOpenActionScript();
    expect(hostile.includes('/OpenAction')).toBe(true);
    expect((await upload('documentVerification', 'id.pdf', hostile)).statusCode).toBe(200);
    const { response: document } = await served('documentVerification');
    expect(document.headers).toMatchObject({ 'content-type': 'application/pdf', ...sandboxed });
    expect(document.headers['content-disposition']).toMatch(/^attachment; filename="document-[0-9a-f-]+\.pdf"$/);
    const pdf = await PDFDocument.load(document.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    const scripts = pdf.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFDict && object.get(PDFName.of('S')) === PDFName.of('JavaScript'));
    expect(scripts).toEqual([]);
    expect(document.rawPayload.includes('app.alert')).toBe(false);
  });

  it('refuses a PDF that does not parse (422) and any other type (415), naming what is accepted', async () => {
    const broken = await upload('idVerification', 'id.pdf', Buffer.from('%PDF-1.7\nnot really a document'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toBe('ID verification could not be read as a PDF: it has no pages');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const other = await upload('idVerification', 'id.gif', gif);
    expect(other.statusCode).toBe(415);
    expect(other.json().message).toBe('ID verification must be a JPEG, PNG or WebP image or a PDF');
  });
});
