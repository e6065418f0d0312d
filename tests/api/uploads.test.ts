// Uploads through /v1/users/me/attachments and /v1/users/me/images: magic-byte type checks, size caps, pixel
// sizes per stack, private downloads (owner and super-users only) and deletion.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments, images } from '../../functions/_api/db/schema/files';
import { auditLog } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { agent, signedUp, type Agent } from '../support/agent';
import { blob, cookieOf, jpeg, pdf, png, upload, uploadDocument, userByEmail, webp } from '../support/chef-fixtures';
import { ok, on, refused, typedClient, visitorClient, type Answer, type ErrorBody, type TypedClient } from '../support/typed-client';

const h = useHarness();

// The uploads themselves are multipart bytes and go raw through upload() and uploadDocument(); their answers are read as
// the routes type them. Downloads are files, also raw.
type Doc = Answer<TypedClient['users']['me']['attachments']['$post']>['data'];
const MB = 1024 * 1024;
const attachmentCalls = (a: Agent) => typedClient(a).users.me.attachments;
const listed = async (a: Agent) => (await ok(attachmentCalls(a).$get())).body.data;
const remove = (a: Agent, id: number) => attachmentCalls(a)[':id'].$delete(on(id));

describe('attachments', () => {
  it('stores a PDF privately under a server key and lists it', async () => {
    const { agent: a, email } = await signedUp(h);
    const res = await uploadDocument(h, a, 'id_document', pdf(), '../../etc/Pass copy.pdf');
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: Doc };
    expect(data).toMatchObject({ kind: 'id_document', filename: 'Pass copy.pdf', content_type: 'application/pdf', size: pdf().length });
    expect(data.download_url).toBe(`/v1/users/me/attachments/${data.id}/download`);
    const [row] = await h.db.select().from(attachments).where(eq(attachments.id, data.id));
    const user = await userByEmail(h.db, email);
    expect(row!.storageKey).toMatch(new RegExp(`^attachments/u${user.id}/[0-9a-f-]{36}$`));
    expect(await h.env.FILES.get(row!.storageKey)).not.toBeNull();
    const list = await listed(a);
    expect(list.map((d) => d.id)).toEqual([data.id]);
  });

  it('drops right-to-left overrides and other invisible characters from file names, so a name shows what it is', async () => {
    const { agent: a } = await signedUp(h);
    for (const [name, stored] of [
      ['x\u202egpj.exe.pdf', 'xgpj.exe.pdf'],
      ['invoice\u2067fdp\u2069\u200b.pdf', 'invoicefdp.pdf'],
      ['report\u0085\u00ad.pdf', 'report.pdf'],
    ]) {
      const res = await uploadDocument(h, a, 'other', pdf(), name);
      expect(res.status, JSON.stringify(name)).toBe(201);
      const { data } = (await res.json()) as { data: Doc };
      expect(data.filename).toBe(stored);
      const [row] = await h.db.select({ filename: attachments.filename }).from(attachments).where(eq(attachments.id, data.id));
      expect(row!.filename).toBe(stored);
    }
  });

  it('judges the type by its bytes: an HTML file named .pdf is refused with 415', async () => {
    const { agent: a } = await signedUp(h);
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    const res = await upload(h, a, '/v1/users/me/attachments', { kind: 'other', file: [blob(html, 'application/pdf'), 'invoice.pdf'] });
    expect(res.status).toBe(415);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(body.errors.file).toHaveLength(1);
    // A real PNG with a misleading name is accepted and renamed to match what it is.
    const renamed = await upload(h, a, '/v1/users/me/attachments', { kind: 'other', file: [blob(png(10, 10), 'text/html'), 'page.html'] });
    expect(renamed.status).toBe(201);
    expect(((await renamed.json()) as { data: Doc }).data).toMatchObject({ content_type: 'image/png', filename: 'page.html.png' });
    expect(await listed(a)).toHaveLength(1);
  });

  it('refuses files over 8 MB with 413', async () => {
    const { agent: a } = await signedUp(h);
    const big = new Uint8Array(8 * MB + 1);
    big.set(pdf());
    const res = await uploadDocument(h, a, 'hygiene_certificate', big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).errors.file).toEqual(['The file is too large. The limit is 8 MB.']);
    const exact = new Uint8Array(8 * MB);
    exact.set(pdf());
    expect((await uploadDocument(h, a, 'hygiene_certificate', exact)).status).toBe(201);
  });

  it('validates the kind and the fields, and needs a signed-in user', async () => {
    const { agent: a } = await signedUp(h);
    const kind = await uploadDocument(h, a, 'passport');
    expect(kind.status).toBe(400);
    expect(((await kind.json()) as ErrorBody).errors.kind).toBeDefined();
    const noFile = await upload(h, a, '/v1/users/me/attachments', { kind: 'other' });
    expect(((await noFile.json()) as ErrorBody).errors.file).toBeDefined();
    const extra = await upload(h, a, '/v1/users/me/attachments', { kind: 'other', file: [blob(pdf(), 'application/pdf'), 'a.pdf'], owner: '1' });
    expect(((await extra.json()) as ErrorBody).errors.owner).toBeDefined();
    expect((await uploadDocument(h, agent(h), 'other')).status).toBe(401);
    // JSON is not an upload (raw on purpose: the wrong content type).
    expect((await a.post('/v1/users/me/attachments', { kind: 'other' })).status).toBe(415);
  });

  it('lets the owner and super-users download, with attachment disposition and nosniff; anyone else gets 404', async () => {
    const owner = await signedUp(h);
    const bytes = pdf('owner secret');
    const { data } = (await (await uploadDocument(h, owner.agent, 'liability_insurance', bytes, 'Versicherung Zürich.pdf')).json()) as { data: Doc };

    const mine = await h.request(data.download_url, { headers: { cookie: cookieOf(owner.agent) } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toBe(`attachment; filename="Versicherung Zurich.pdf"; filename*=UTF-8''Versicherung%20Z%C3%BCrich.pdf`);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(bytes);

    const stranger = await signedUp(h);
    const theirs = await h.request(data.download_url, { headers: { cookie: cookieOf(stranger.agent) } });
    expect(theirs.status).toBe(404);
    expect((await refused(remove(stranger.agent, data.id))).status).toBe(404);
    expect((await h.request(data.download_url)).status).toBe(401);

    const admin = await signedUp(h);
    const adminUser = await userByEmail(h.db, admin.email);
    await h.db.update(users).set({ isSu: true }).where(eq(users.id, adminUser.id));
    const su = await h.request(data.download_url, { headers: { cookie: cookieOf(admin.agent) } });
    expect(su.status).toBe(200);
    expect(su.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await su.arrayBuffer())).toEqual(bytes);
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'attachment.download'), eq(auditLog.targetId, String(data.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(adminUser.id);
  });

  it('deletes: the row is soft-deleted, the object removed, and the download is gone', async () => {
    const { agent: a } = await signedUp(h);
    const { data } = (await (await uploadDocument(h, a, 'other')).json()) as { data: Doc };
    const del = await ok(remove(a, data.id));
    expect(del.status).toBe(200);
    const [row] = await h.db.select().from(attachments).where(eq(attachments.id, data.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(await h.env.FILES.get(row!.storageKey)).toBeNull();
    expect(await listed(a)).toEqual([]);
    expect((await h.request(data.download_url, { headers: { cookie: cookieOf(a) } })).status).toBe(404);
    expect((await refused(remove(a, data.id))).status).toBe(404);
  });
});

describe('image uploads', () => {
  type Img = Answer<TypedClient['users']['me']['images']['$post']>['data'];

  it('stores an avatar as a pending image and serves its stack', async () => {
    const { agent: a, email } = await signedUp(h);
    const res = await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(png(256, 256), 'image/png'), 'me.png'] });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: Img };
    expect(data).toMatchObject({ kind: 'avatar', status: 'pending', url: { t256x256: `/v1/images/${data.id}/t256x256` } });
    const [row] = await h.db.select().from(images).where(eq(images.id, data.id));
    expect(row).toMatchObject({ ownerUserId: (await userByEmail(h.db, email)).id, status: 'pending', contentType: 'image/png' });
    // Until approved, only its owner gets it (issue 15 L4), and never from a shared cache.
    expect((await refused(visitorClient(h).images[':id'][':stack'].$get({ param: { id: String(data.id), stack: 't256x256' } }))).status).toBe(404);
    const served = await a.get(data.url.t256x256!);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(256, 256));
  });

  it('accepts the menu stacks as JPEG or WebP when every size matches', async () => {
    const { agent: a } = await signedUp(h);
    const jpg = await upload(h, a, '/v1/users/me/images', {
      kind: 'menu',
      t512_1x1: [blob(jpeg(512, 512), 'image/jpeg'), 'a.jpg'],
      t512_2x1: [blob(jpeg(512, 256), 'image/jpeg'), 'b.jpg'],
      t1024_2x1: [blob(jpeg(1024, 512), 'image/jpeg'), 'c.jpg'],
    });
    expect(jpg.status).toBe(201);
    expect(Object.keys(((await jpg.json()) as { data: Img }).data.url).sort()).toEqual(['t1024_2x1', 't512_1x1', 't512_2x1']);
    const wp = await upload(h, a, '/v1/users/me/images', {
      kind: 'menu',
      t512_1x1: [blob(webp(512, 512), 'image/webp'), 'a.webp'],
      t512_2x1: [blob(webp(512, 256), 'image/webp'), 'b.webp'],
      t1024_2x1: [blob(webp(1024, 512), 'image/webp'), 'c.webp'],
    });
    expect(wp.status).toBe(201);
  });

  it('refuses wrong pixel sizes, missing stacks and mixed formats with 400 per stack', async () => {
    const { agent: a, email } = await signedUp(h);
    const wrong = await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(png(300, 300), 'image/png'), 'me.png'] });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).errors.t256x256).toEqual(['This picture must be 256×256 pixels; it is 300×300.']);
    const partial = await upload(h, a, '/v1/users/me/images', {
      kind: 'menu',
      t512_1x1: [blob(png(512, 512), 'image/png'), 'a.png'],
      t512_2x1: [blob(jpeg(512, 512), 'image/jpeg'), 'b.jpg'],
    });
    expect(partial.status).toBe(400);
    const errors = ((await partial.json()) as ErrorBody).errors;
    expect(Object.keys(errors).sort()).toEqual(['t1024_2x1', 't512_2x1']);
    const mixed = await upload(h, a, '/v1/users/me/images', {
      kind: 'menu',
      t512_1x1: [blob(png(512, 512), 'image/png'), 'a.png'],
      t512_2x1: [blob(jpeg(512, 256), 'image/jpeg'), 'b.jpg'],
      t1024_2x1: [blob(png(1024, 512), 'image/png'), 'c.png'],
    });
    expect(mixed.status).toBe(400);
    const avatarOnMenu = await upload(h, a, '/v1/users/me/images', { kind: 'menu', t256x256: [blob(png(256, 256), 'image/png'), 'me.png'] });
    expect(((await avatarOnMenu.json()) as ErrorBody).errors.t256x256).toBeDefined();
    expect(await h.db.select().from(images).where(eq(images.ownerUserId, (await userByEmail(h.db, email)).id))).toEqual([]);
  });

  it('refuses non-images (415) and stacks over 2 MB (413)', async () => {
    const { agent: a } = await signedUp(h);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"/>');
    expect((await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(svg, 'image/svg+xml'), 'x.svg'] })).status).toBe(415);
    expect((await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(pdf(), 'image/png'), 'x.png'] })).status).toBe(415);
    const big = png(256, 256, 2 * MB + 1);
    const res = await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(big, 'image/png'), 'x.png'] });
    expect(res.status).toBe(413);
  });
});

describe('form size in fields (issue 15 L7)', () => {
  /** A multipart body of `n` tiny fields, built by hand: 100,000 of them are 6 MB and took a second of CPU to parse. */
  function manyFields(n: number, boundary = 'b0undary') {
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`;
    return { body: `${part.repeat(n)}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
  }
  const post = (a: Agent, path: string, body: string, type: string) =>
    h.request(path, { method: 'POST', headers: { origin: 'http://localhost', cookie: cookieOf(a), 'x-real-ip': a.ip, 'content-type': type }, body });

  it('refuses a form with more fields than any upload has, before parsing it', async () => {
    const { agent: a } = await signedUp(h);
    const { body, type } = manyFields(100_000);
    expect(body.length).toBeGreaterThan(5.5 * MB);
    for (const path of ['/v1/users/me/attachments', '/v1/users/me/images']) {
      const res = await a.json(post(a, path, body, type));
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('TOO_MANY_FIELDS');
      expect(Object.keys(res.body.errors), path).toEqual(['file']);
    }
    // Nine fields are already one too many; eight reach the form's own checks.
    expect((await a.json(post(a, '/v1/users/me/attachments', manyFields(9).body, manyFields(9).type))).body.code).toBe('TOO_MANY_FIELDS');
    const eight = await a.json(post(a, '/v1/users/me/attachments', manyFields(8).body, manyFields(8).type));
    expect(eight.status).toBe(400);
    expect(eight.body.errors.f).toEqual(['Unknown field.']);
  });

  // Raw on purpose: URL-encoded and multipart bodies, which Apple posts to a callback that answers with a redirect.
  it("refuses the same on Apple's form-post callback, URL-encoded or multipart", async () => {
    const encoded = Array.from({ length: 5000 }, (_, i) => `f${i}=x`).join('&');
    const res = await h.request('/v1/auth/oauth/apple/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encoded });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).code).toBe('TOO_MANY_FIELDS');
    const { body, type } = manyFields(1000); // under the 64 KB a callback may send
    const multi = await h.request('/v1/auth/oauth/apple/callback', { method: 'POST', headers: { 'content-type': type }, body });
    expect(((await multi.json()) as ErrorBody).code).toBe('TOO_MANY_FIELDS');
    // Apple's own post still goes through.
    const apple = await h.request('/v1/auth/oauth/apple/callback', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=abc&state=xyz&user=%7B%7D' });
    expect(apple.status).toBe(303);
    expect(apple.headers.get('location')).toBe('/auth/external?provider=apple&code=abc&state=xyz&user=%7B%7D');
  });
});
