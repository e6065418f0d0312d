// Issue 15 L4: unmoderated pictures are not public. Until an admin approves a picture, /v1/images gives it only to
// its owner and to super-users (never cacheable by others) and every public response resolves it to null; an
// approved picture is public with a short cache, so hiding it works. Uploads are checked whole: a picture header
// followed by an HTML page is refused, and text hidden in a chunk is not stored.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images } from '../../functions/_api/db/schema/files';
import { users } from '../../functions/_api/db/schema/users';
import { PRIVATE_IMAGE_CACHE, PUBLIC_IMAGE_CACHE } from '../../functions/_api/modules/images/images.routes';
import { useHarness } from '../support/use-harness';
import { signedUp, type Agent } from '../support/agent';
import { superUser } from '../support/admin-fixtures';
import { activeChef, approveImage, blob, joinBytes, png, upload, uploadAvatar, withPngChunk } from '../support/chef-fixtures';
import { ok, refused, typedClient, visitorClient, type Answer, type TypedClient } from '../support/typed-client';

const h = useHarness();

const text = (s: string) => new TextEncoder().encode(s);
const HTML = text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
/**
 * A picture's avatar stack as one caller asks for it, for the refusals (JSON). A picture served is bytes, and a
 * revalidation a header-level 304: those stay raw.
 */
const avatarOf = (client: TypedClient, id: number) => client.images[':id'][':stack'].$get({ param: { id: String(id), stack: 't256x256' } });
const asAgent = (a: Agent) => typedClient(a);

describe('serving a picture', () => {
  it('gives a pending picture only to its owner and super-users; every other caller gets the same 404 as for no picture', async () => {
    const owner = await signedUp(h);
    const id = await uploadAvatar(h, owner.agent);
    const path = `/v1/images/${id}/t256x256`;
    const other = await signedUp(h);
    const su = await superUser(h);

    for (const [who, res] of [
      ['visitor', await refused(avatarOf(visitorClient(h), id))],
      ['another user', await refused(avatarOf(asAgent(other.agent), id))],
    ] as const) {
      expect(res.status, who).toBe(404);
      expect(res.body, who).toEqual({ message: 'Image not found.', code: 'NOT_FOUND' });
    }
    // Raw on purpose: the picture's bytes.
    for (const [who, res] of [
      ['owner', await owner.agent.get(path)],
      ['super-user', await su.agent.get(path)],
    ] as const) {
      expect(res.status, who).toBe(200);
      expect(res.headers.get('cache-control'), who).toBe(PRIVATE_IMAGE_CACHE);
    }
  });

  it('no longer hands out pictures by enumerable id: none of a run of pending ids answers a visitor', async () => {
    const u = await signedUp(h);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await uploadAvatar(h, u.agent));
    const statuses = await Promise.all(ids.map(async (id) => (await refused(avatarOf(visitorClient(h), id))).status));
    expect(statuses).toEqual([404, 404, 404, 404]);
  });

  it('serves an approved picture to everybody with a five-minute cache and revalidation, and a hidden one to nobody', async () => {
    const owner = await signedUp(h);
    const id = await uploadAvatar(h, owner.agent);
    await approveImage(h.db, id);
    // Raw on purpose: the picture's bytes, then its revalidation by header.
    const res = await h.request(`/v1/images/${id}/t256x256`);
    expect(res.status).toBe(200);
    expect(PUBLIC_IMAGE_CACHE).toBe('public, max-age=300');
    expect(res.headers.get('cache-control')).toBe(PUBLIC_IMAGE_CACHE);
    expect(res.headers.get('cache-control')).not.toMatch(/stale-while-revalidate|immutable/);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await h.request(`/v1/images/${id}/t256x256`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    await h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, id));
    expect((await refused(avatarOf(visitorClient(h), id))).status).toBe(404);
    expect((await refused(avatarOf(asAgent(owner.agent), id))).status).toBe(404);
    expect((await h.request(`/v1/images/${id}/t256x256`, { headers: { 'if-none-match': etag } })).status).toBe(404);
  });
});

describe('public responses', () => {
  it('show the placeholder for a pending avatar; its owner sees it on their own profile and session', async () => {
    const c = await activeChef(h, { firstname: 'Pen', lastname: 'Ding' });
    const avatar = await uploadAvatar(h, c.agent);
    await h.db.update(users).set({ avatarImageId: avatar }).where(eq(users.id, c.userId));

    const profile = () =>
      ok(visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'].$get({ param: { id: String(c.chefId) }, query: { resolve: 'user_public,user_public.avatar' } }));
    const before = await profile();
    expect(before.body.data.user_public?.data.avatar).toBeNull();
    const own = await ok(asAgent(c.agent).chefs.me.$get());
    expect(own.body.data).toMatchObject({ avatar: { data: { id: avatar } }, avatar_status: 'pending' });
    const session = await ok(asAgent(c.agent).auth.session.user.$get());
    expect(session.body.data?.avatar?.data.id).toBe(avatar);

    await approveImage(h.db, avatar);
    const later = await profile();
    expect(later.body.data.user_public?.data.avatar?.data.url.t256x256).toBe(`/v1/images/${avatar}/t256x256`);
  });
});

describe('uploading a picture', () => {
  it('refuses a PNG header followed by an HTML page, and stores nothing', async () => {
    const { agent: a } = await signedUp(h);
    const before = await h.db.select().from(images);
    const trick = joinBytes(png(256, 256).subarray(0, 33), HTML);
    const res = await a.json(upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(trick, 'image/png'), 'me.png'] }));
    expect(res.status).toBe(400);
    expect(res.body.errors.t256x256).toEqual(['This picture cannot be read. Upload a JPEG, PNG or WebP picture.']);
    const appended = await a.json(upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(joinBytes(png(256, 256), HTML), 'image/png'), 'me.png'] }));
    expect(appended.status).toBe(400);
    expect(await h.db.select().from(images)).toHaveLength(before.length);
  });

  it('stores a clean copy: text chunks of a valid PNG are left out', async () => {
    const { agent: a } = await signedUp(h);
    const file = png(256, 256);
    const res = await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(withPngChunk(file, 'tEXt', joinBytes(text('Comment\0'), HTML)), 'image/png'), 'me.png'] });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as Answer<TypedClient['users']['me']['images']['$post']>;
    // Raw on purpose: the stored bytes.
    const stored = new Uint8Array(await (await a.get(`/v1/images/${data.id}/t256x256`)).arrayBuffer());
    expect(stored).toEqual(file);
  });
});
