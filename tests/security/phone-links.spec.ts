// The phone link's endpoints as hostile input. Making, watching and cancelling a link is the
// owner's (session and XSRF); the phone's two doors (GET /phone/{token}, POST /phone/{token}/photos) take the
// token as their only proof, tell nothing but the slot's name, and take only JPEG and PNG photos within
// limits. Every refusal is a 4xx, never a 500; a refused sending leaves the link usable and stores nothing.
import { MongoClient, ObjectId } from 'mongodb';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegMagicHtml, pdfHtmlPolyglot, smallJpeg, smallPng } from '../support/photo-fixtures';
import {
  HostileClient,
  apiUrl,
  atDocumentsStage,
  endOfFileChecks,
  mongoUri,
  raw,
  signedInApplicant,
  tally,
} from './support';

endOfFileChecks(__filename);

// Expired, cancelled, forged or used: the words of the co-owner's links (the phone page says more).
const EXPIRED = 'This link is no longer valid';
const USED = EXPIRED;
const PHOTOS_ONLY = 'Please send only JPEG or PNG photos.';
const TOO_BIG = 'This photo is too large.';
const TOO_MANY = 'Please send at most 10 photos at once.';
const BOUNDARY = '----sec-phone-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

type Applicant = Awaited<ReturnType<typeof signedInApplicant>>;
let a: Applicant;
let b: Applicant;
const mongo = new MongoClient(mongoUri());

beforeAll(async () => {
  [a, b] = await Promise.all([
    signedInApplicant(`sec-phone-a-${Date.now()}`),
    signedInApplicant(`sec-phone-b-${Date.now()}`),
  ]);
  await Promise.all([atDocumentsStage(a.applicationId), atDocumentsStage(b.applicationId)]);
  await mongo.connect();
});
afterAll(() => mongo.close());

const said = (res: { body: { message?: string; data?: { message?: string } } }) =>
  res.body?.message ?? res.body?.data?.message;

type Link = { linkId: string; token: string; url: string; qrSvg: string; expiresAt: string };
async function newLink(who: Applicant = a, fileType = 'Voided Check'): Promise<Link> {
  const res = await who.client.post('/file/phone-link', { applicationId: who.applicationId, fileType });
  expect(res.status).toBe(201);
  return res.body.data as Link;
}

type Part = { name: string; filename?: string; type?: string; bytes: Uint8Array | string };
function multipart(parts: Part[]): Uint8Array {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`, 'latin1'));
    chunks.push(Buffer.from(p.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
const photo = (bytes: Uint8Array | string, filename = 'IMG_0001.jpg', type = 'image/jpeg'): Part => ({
  name: 'photo',
  filename,
  type,
  bytes,
});

/** Photos sent from a phone (a fresh address, no session): counted as accepted when answered 2xx. */
async function send(token: string, parts: Part[], hostile = true, client = new HostileClient()) {
  const res = await raw(client, 'POST', `/phone/${token}/photos`, multipart(parts), MULTIPART);
  if (hostile && res.status < 300) tally.invalidAccepted++;
  return res;
}

const filesOf = async (who: Applicant) =>
  (await who.client.get(`/file/application/${who.applicationId}`)).body.data as { fileType: string }[];
const stateOf = async (link: Link) => (await a.client.get(`/file/phone-link/${link.linkId}`)).body.data.state;

describe('making, watching and cancelling a phone link', () => {
  it('is the owner’s only: no session, no XSRF echo, another applicant or a hostile slot is refused', async () => {
    const body = { applicationId: a.applicationId, fileType: 'Voided Check' };
    expect((await new HostileClient().post('/file/phone-link', body)).status).toBe(403);
    const noXsrf = a.client;
    noXsrf.xsrf = false;
    const withoutEcho = await noXsrf.post('/file/phone-link', body);
    noXsrf.xsrf = true;
    expect(withoutEcho.status).toBe(403);
    for (const hostile of [
      { applicationId: b.applicationId, fileType: 'Voided Check' },
      { applicationId: { $ne: null }, fileType: 'Voided Check' },
      { applicationId: a.applicationId, fileType: 'Passport' },
      { applicationId: a.applicationId, fileType: { $ne: null } },
      { applicationId: a.applicationId, fileType: 'Bank Statement', monthLabel: 'March 2000' },
      { applicationId: 'x'.repeat(5000), fileType: 'Voided Check' },
    ]) {
      const res = await a.client.post('/file/phone-link', hostile);
      if (res.status < 300) tally.invalidAccepted++;
      expect(res.status, JSON.stringify(hostile).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const link = await newLink();
    expect(link.qrSvg).toMatch(/^<svg[^>]*>/);
    expect(link.qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(link.url).toContain(`/phone/${link.token}?lng=en`);
    // The phone's page opens in the desktop's language; a value that is no language the portal speaks is English.
    for (const [language, lng] of [
      ['es-US', 'es-US'],
      ['fr-CA', 'fr-CA'],
      [{ $ne: null }, 'en'],
      ['es-US&x=1', 'en'],
    ] as const) {
      const made = await a.client.post('/file/phone-link', { ...body, language });
      expect(made.body.data.url, JSON.stringify(language)).toMatch(new RegExp(`/phone/[\\w.-]+\\?lng=${lng}$`));
      await a.client.call('DELETE', `/file/phone-link/${made.body.data.linkId}`);
    }
    // Another applicant can neither watch nor cancel it, nor can anyone without a session.
    expect((await b.client.get(`/file/phone-link/${link.linkId}`)).status).toBe(404);
    expect((await b.client.call('DELETE', `/file/phone-link/${link.linkId}`)).status).toBe(404);
    expect((await new HostileClient().call('DELETE', `/file/phone-link/${link.linkId}`)).status).toBe(403);
    expect((await a.client.call('DELETE', '/file/phone-link/%7B%22%24ne%22%3Anull%7D')).status).toBe(404);
    expect(await stateOf(link)).toBe('open');
  });
});

describe('the phone’s doors', () => {
  it('tell the slot only: no name, amount, email or id of the application', async () => {
    const link = await newLink();
    const res = await new HostileClient().get(`/phone/${link.token}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['expiresAt', 'fileType', 'state']);
    expect(res.body.data).toMatchObject({ fileType: 'Voided Check', state: 'open' });
    const text = JSON.stringify(res.body);
    for (const secret of [a.applicationId, a.user.email, a.user.firstName, a.user._id].filter(Boolean))
      expect(text).not.toContain(String(secret));
  });

  it('refuse forged, tampered, foreign, revoked and expired tokens with the same 404', async () => {
    const [mine, theirs] = await Promise.all([newLink(), newLink(b)]);
    const [payload, signature] = mine.token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
    const theirLinkId = (JSON.parse(Buffer.from(theirs.token.split('.')[0]!, 'base64url').toString()) as string[])[2];
    const swap = (c: unknown[]) => `${Buffer.from(JSON.stringify(c)).toString('base64url')}.${signature}`;
    const forged = [
      'a.b',
      'x'.repeat(5000),
      encodeURIComponent('{"$ne":null}'),
      swap([claims[0], b.applicationId, claims[2], claims[3]]), // the token moved to another application
      swap([claims[0], claims[1], theirLinkId, claims[3]]), // ... or to another applicant's link
      swap([claims[0], claims[1], claims[2], 9_999_999_999_999]), // ... or given a longer life
      `${payload}.${signature.slice(0, -2)}AA`,
      `${Buffer.from(JSON.stringify(['sign', a.applicationId, 'r', 2, 9_999_999_999_999])).toString('base64url')}.${signature}`,
    ];
    for (const token of forged) {
      const client = new HostileClient();
      const view = await client.get(`/phone/${token}`);
      expect(view.status, token.slice(0, 40)).toBe(404);
      expect(said(view)).toBe(EXPIRED);
      const post = await send(token, [photo(smallJpeg())], true, client);
      expect(post.status, token.slice(0, 40)).toBe(404);
    }
    // Revoked by its owner: refused at once.
    expect((await a.client.call('DELETE', `/file/phone-link/${mine.linkId}`)).status).toBe(200);
    expect((await new HostileClient().get(`/phone/${mine.token}`)).status).toBe(404);
    expect((await send(mine.token, [photo(smallJpeg())])).status).toBe(404);
    // Past its 15 minutes (its row's end moved back, as the clock would): refused the same.
    const late = await newLink();
    await mongo
      .db()
      .collection('phonelinks')
      .updateOne({ _id: new ObjectId(late.linkId) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await new HostileClient().get(`/phone/${late.token}`)).status).toBe(404);
    expect((await send(late.token, [photo(smallJpeg())])).status).toBe(404);
    expect(await filesOf(a)).toEqual([]);
    // The other applicant's link still works for them (nothing above touched it).
    expect((await new HostileClient().get(`/phone/${theirs.token}`)).body.data.state).toBe('open');
  });

  it('take only real JPEG and PNG photos within the limits; each refusal leaves the link open and stores nothing', async () => {
    const link = await newLink();
    const cases: [string, Part[], number, string | undefined][] = [
      ['not an image', [photo('just some text, named like a photo')], 400, PHOTOS_ONLY],
      ['a PDF/HTML polyglot', [photo(pdfHtmlPolyglot(), 'scan.jpg')], 400, PHOTOS_ONLY],
      ['JPEG bytes then HTML', [photo(jpegMagicHtml(), 'x.html', 'text/html')], 400, PHOTOS_ONLY],
      ['a GIF', [photo('GIF89a\x01\x00\x01\x00', 'x.gif', 'image/gif')], 400, PHOTOS_ONLY],
      [
        'a decompression bomb by its dimensions (100,000 × 100,000)',
        [photo(smallPng(4, 4, { width: 100_000, height: 100_000 }), 'bomb.png', 'image/png')],
        400,
        TOO_BIG,
      ],
      [
        'a PNG past 16 MP',
        [photo(smallPng(4, 4, { width: 5000, height: 5000 }), 'big.png', 'image/png')],
        400,
        TOO_BIG,
      ],
      ['a photo past 10 MB', [photo(Buffer.concat([smallJpeg(), Buffer.alloc(10 * 1024 * 1024)]))], 400, TOO_BIG],
      ['too many photos (11)', Array.from({ length: 11 }, () => photo(smallJpeg())), 400, TOO_MANY],
      [
        'a field choosing another slot',
        [{ name: 'fileType', bytes: 'Bank Statement' }, photo(smallJpeg())],
        400,
        PHOTOS_ONLY,
      ],
      ['no photo at all', [], 400, PHOTOS_ONLY],
    ];
    for (const [name, parts, status, message] of cases) {
      const res = await send(link.token, parts);
      expect(res.status, name).toBe(status);
      if (message) expect(said(res), name).toBe(message);
      expect(await stateOf(link), name).toBe('open');
    }
    // A body past the whole limit is answered before it is read.
    const huge = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${apiUrl()}/phone/${link.token}/photos`);
      const client = new HostileClient();
      void client.get('/health').then(() => {
        const req = request({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: client.address,
          headers: {
            ...MULTIPART,
            'content-length': String(200 * 1024 * 1024),
            cookie: `XSRF-TOKEN=${client.cookies.get('XSRF-TOKEN')}`,
            'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
          },
        });
        req.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0), req.destroy()));
        req.on('error', reject);
        req.write(Buffer.alloc(64 * 1024));
      });
    });
    tally.requests++;
    expect(huge).toBe(413);
    expect(await filesOf(a)).toEqual([]);
    expect(await stateOf(link)).toBe('open');
  });

  it('a good sending lands in the link’s own slot of its own application, once; then the link is used', async () => {
    const link = await newLink();
    const ok = await send(link.token, [photo(smallJpeg()), photo(smallPng(), 'IMG_0002.png', 'image/png')], false);
    expect(ok.status).toBe(201);
    expect(ok.body.data).toEqual({ fileType: 'Voided Check', pages: 2 });
    expect((await filesOf(a)).map((f) => f.fileType)).toEqual(['Voided Check']);
    expect(await filesOf(b)).toEqual([]);
    expect(await stateOf(link)).toBe('used');
    const again = await send(link.token, [photo(smallJpeg())]);
    expect(again.status).toBe(410);
    expect(said(again)).toBe(USED);
    expect((await new HostileClient().get(`/phone/${link.token}`)).body.data.state).toBe('used');
    // Cancelling a used link changes nothing.
    expect((await a.client.call('DELETE', `/file/phone-link/${link.linkId}`)).status).toBe(200);
    expect(await stateOf(link)).toBe('used');
  });

  it('guessing tokens in bulk from one address is cut off (429)', async () => {
    const client = new HostileClient();
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) => client.get(`/phone/guess-${i}.x`).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 404 || s === 429)).toBe(true);
  });
});
