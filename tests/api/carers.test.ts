import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARER_MESSAGES,
  type CarerReview,
  type CarerSearchResult,
  type OwnCarerProfile,
  type CarerSummary,
  type PublicCarer,
} from '@contracts/carers';
import { carerProfiles, carerVerifications, reviews, uploads, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../src/server/demo-seed/seed';
import { approveChecks, multipart, photoWithGps, validProfile } from '../support/carer-fixtures';
import { builtInServiceDeps, createTestApp, sessionCookieFrom, type TestApp } from '../support/test-app';

let t: TestApp;
const cookies: Record<'customer' | 'admin' | 'owner' | 'otherCarer', string> = {
  customer: '',
  admin: '',
  owner: '',
  otherCarer: '',
};
let ownProfile: OwnCarerProfile;

async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  return sessionCookieFrom(t.config, response);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
  cookies.customer = await signIn(DEMO_ACCOUNTS.family.email);
  cookies.admin = await signIn(DEMO_ACCOUNTS.admin.email);
  cookies.otherCarer = await signIn(DEMO_ACCOUNTS.carer.email);
  const owner = await t.register({
    userType: 'carer',
    firstName: 'Rhiannon',
    lastName: 'Pryce',
    email: 'rhiannon.pryce@example.org',
  });
  cookies.owner = owner.cookie;
  const created = await t.injectAs(cookies.owner, {
    method: 'POST',
    url: '/api/carers',
    payload: validProfile(),
  });
  expect(created.statusCode).toBe(201);
  ownProfile = created.json<OwnCarerProfile>();
});
afterAll(async () => {
  // Carer answers never carry an email address or a password hash.
  for (const body of t.bodies.filter((b) => b.includes('"specialization"'))) {
    expect(body).not.toMatch(/@example\.(com|org)|passwordHash|\$argon2/);
  }
  await t.close();
});

const search = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/carers${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CarerSearchResult>();
};

describe('creating a profile (POST /api/carers)', () => {
  it('creates the profile from the account names, normalising rates, active and unverified', () => {
    expect(ownProfile).toMatchObject({
      firstName: 'Rhiannon',
      lastName: 'Pryce',
      hourlyRateMin: '17.50',
      hourlyRateMax: '23.00',
      isActive: true,
      isVerified: false,
      rating: 0,
      reviewCount: 0,
      user: { firstName: 'Rhiannon' },
    });
  });

  it.each([
    ['specialization', { specialization: '' }, CARER_MESSAGES.specializationRequired],
    ['specialization', { specialization: 'Gardening' }, CARER_MESSAGES.specializationRequired],
    ['experience', { experience: undefined }, CARER_MESSAGES.experienceRequired],
    ['location', { location: '   ' }, CARER_MESSAGES.locationRequired],
    ['hourlyRateMin', { hourlyRateMin: '' }, CARER_MESSAGES.minRateRequired],
    ['hourlyRateMax', { hourlyRateMax: '' }, CARER_MESSAGES.maxRateRequired],
    ['description', { description: 'Kind and reliable.' }, CARER_MESSAGES.descriptionTooShort],
    ['qualifications', { qualifications: [] }, CARER_MESSAGES.qualificationsRequired],
    ['qualifications', { qualifications: ['Made Up Certificate'] }, CARER_MESSAGES.qualificationsRequired],
    // A check is a fact from an approved verification, never ticked (decision 0026).
    ['qualifications', { qualifications: ['DBS Checked'] }, CARER_MESSAGES.checksNotQualifications],
    [
      'qualifications',
      { qualifications: ['First Aid Certified', 'Enhanced DBS'] },
      CARER_MESSAGES.checksNotQualifications,
    ],
    ['availability', { availability: [] }, CARER_MESSAGES.availabilityRequired],
    ['hourlyRateMax', { hourlyRateMin: '30', hourlyRateMax: '20' }, CARER_MESSAGES.minAboveMax],
    ['hourlyRateMin', { hourlyRateMin: '4.99' }, CARER_MESSAGES.rateRange],
    ['hourlyRateMax', { hourlyRateMax: '500.01' }, CARER_MESSAGES.rateRange],
    ['hourlyRateMin', { hourlyRateMin: '12.345' }, CARER_MESSAGES.rateFormat],
  ])('refuses a bad %s with 400 and the spec message (%o)', async (field, override, message) => {
    const carer = await t.register({ userType: 'carer' });
    const response = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile(override),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
  });

  it('accepts numbers for rates, as a number input sends them', async () => {
    const carer = await t.register({ userType: 'carer' });
    const response = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({ hourlyRateMin: 15, hourlyRateMax: 19.5 }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ hourlyRateMin: '15.00', hourlyRateMax: '19.50' });
  });

  it('ignores fields the carer may not set (verification, rating, owner)', async () => {
    const carer = await t.register({ userType: 'carer' });
    const response = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: {
        ...validProfile(),
        isVerified: true,
        rating: 5,
        reviewCount: 99,
        userId: carer.user.id.replace(/.$/, '0'),
        isActive: false,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      isVerified: false,
      rating: 0,
      reviewCount: 0,
      isActive: true,
      userId: carer.user.id,
    });
  });

  it('allows one profile per carer account (409)', async () => {
    const again = await t.injectAs(cookies.owner, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: CARER_MESSAGES.profileExists });
  });

  it('derives the postcode district from the location', async () => {
    const carer = await t.register({ userType: 'carer' });
    const response = await t.injectAs(carer.cookie, {
      method: 'POST',
      url: '/api/carers',
      payload: validProfile({ location: 'Headingley, Leeds LS6 3AB' }),
    });
    expect(response.json<OwnCarerProfile>().postcodeDistrict).toBe('LS6');
  });
});

describe('a body that is no object', () => {
  it.each([
    ['null', { payload: 'null', headers: { 'content-type': 'application/json' } }],
    [
      'a broken multipart form',
      {
        payload: '--zzz\r\nContent-Disposition: form-data; name="a"; filename="a.php"\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      },
    ],
  ])('is refused with 400 (%s), not a 500 from the availability check', async (_kind, body) => {
    for (const [method, url] of [
      ['POST', '/api/carers'],
      ['PUT', `/api/carers/${ownProfile.id}`],
    ] as const) {
      const response = await t.injectAs(cookies.owner, { method, url, ...body });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(400);
    }
  });
});

describe('authorization', () => {
  type Role = 'visitor' | keyof typeof cookies;
  const as = (role: Role) => (role === 'visitor' ? undefined : cookies[role]);
  const photo = async () => multipart('photo', 'me.jpg', 'image/jpeg', await photoWithGps(200, 200));

  const table: (readonly [string, Role, () => Promise<InjectOptions>, number])[] = [
    [
      'create profile',
      'visitor',
      async () => ({ method: 'POST', url: '/api/carers', payload: validProfile() }),
      401,
    ],
    [
      'create profile',
      'customer',
      async () => ({ method: 'POST', url: '/api/carers', payload: validProfile() }),
      403,
    ],
    [
      'create profile',
      'admin',
      async () => ({ method: 'POST', url: '/api/carers', payload: validProfile() }),
      403,
    ],
    [
      'create profile',
      'otherCarer',
      async () => ({ method: 'POST', url: '/api/carers', payload: validProfile() }),
      409,
    ],
    [
      'update profile',
      'visitor',
      async () => ({ method: 'PUT', url: `/api/carers/${ownProfile.id}`, payload: validProfile() }),
      401,
    ],
    [
      'update profile',
      'customer',
      async () => ({ method: 'PUT', url: `/api/carers/${ownProfile.id}`, payload: validProfile() }),
      403,
    ],
    [
      'update profile',
      'otherCarer',
      async () => ({ method: 'PUT', url: `/api/carers/${ownProfile.id}`, payload: validProfile() }),
      403,
    ],
    [
      'update profile',
      'admin',
      async () => ({ method: 'PUT', url: `/api/carers/${ownProfile.id}`, payload: validProfile() }),
      403,
    ],
    [
      'update profile',
      'owner',
      async () => ({ method: 'PUT', url: `/api/carers/${ownProfile.id}`, payload: validProfile() }),
      200,
    ],
    [
      'upload photo',
      'visitor',
      async () => ({ method: 'POST', url: `/api/carers/${ownProfile.id}/photo`, ...(await photo()) }),
      401,
    ],
    [
      'upload photo',
      'customer',
      async () => ({ method: 'POST', url: `/api/carers/${ownProfile.id}/photo`, ...(await photo()) }),
      403,
    ],
    [
      'upload photo',
      'otherCarer',
      async () => ({ method: 'POST', url: `/api/carers/${ownProfile.id}/photo`, ...(await photo()) }),
      403,
    ],
    [
      'upload photo',
      'admin',
      async () => ({ method: 'POST', url: `/api/carers/${ownProfile.id}/photo`, ...(await photo()) }),
      403,
    ],
    [
      'upload photo',
      'owner',
      async () => ({ method: 'POST', url: `/api/carers/${ownProfile.id}/photo`, ...(await photo()) }),
      200,
    ],
    // The profile's checks are not approved yet: only its owner and admins see it (carer-listing.ts).
    ...(['visitor', 'customer', 'otherCarer', 'owner', 'admin'] as const).flatMap((role) => [
      [
        'reviews',
        role,
        async () => ({ method: 'GET' as const, url: `/api/carers/${ownProfile.id}/reviews` }),
        role === 'owner' || role === 'admin' ? 200 : 404,
      ] as const,
      [
        'search',
        role,
        async () => ({ method: 'GET' as const, url: '/api/carers?location=harrogate' }),
        200,
      ] as const,
      [
        'view profile',
        role,
        async () => ({ method: 'GET' as const, url: `/api/carers/${ownProfile.id}` }),
        role === 'owner' || role === 'admin' ? 200 : 404,
      ] as const,
    ]),
    ['my profile', 'visitor', async () => ({ method: 'GET', url: '/api/carers/my-profile' }), 401],
    ['my profile', 'customer', async () => ({ method: 'GET', url: '/api/carers/my-profile' }), 404],
    ['my profile', 'owner', async () => ({ method: 'GET', url: '/api/carers/my-profile' }), 200],
  ];

  it.each(table)('%s as %s', async (_action, role, request, expected) => {
    const response = await t.injectAs(as(role), await request());
    expect(response.statusCode, response.body).toBe(expected);
  });
});

describe('the owner’s profile', () => {
  it('answers 404 with the spec state for an account without a profile', async () => {
    const carer = await t.register({ userType: 'carer' });
    const response = await t.injectAs(carer.cookie, { method: 'GET', url: '/api/carers/my-profile' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CARER_MESSAGES.profileNotFound });
  });

  // The web app's form of the call answers "none yet" 200, not a failure.
  it('GET /api/carer-profile answers 200 with null for an account without a profile', async () => {
    const carer = await t.register({ userType: 'carer' });
    const response = await t.injectAs(carer.cookie, { method: 'GET', url: '/api/carer-profile' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ profile: null });
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/carer-profile' })).statusCode).toBe(401);
  });

  it('GET /api/carer-profile answers the owner with what GET /api/carers/my-profile gives', async () => {
    const mine = await t.injectAs(cookies.owner, { method: 'GET', url: '/api/carers/my-profile' });
    const state = await t.injectAs(cookies.owner, { method: 'GET', url: '/api/carer-profile' });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({ profile: mine.json<OwnCarerProfile>() });
  });

  it('saves an edit and returns it', async () => {
    const response = await t.injectAs(cookies.owner, {
      method: 'PUT',
      url: `/api/carers/${ownProfile.id}`,
      payload: validProfile({
        location: 'Ripon, North Yorkshire',
        hourlyRateMax: '26',
        availability: ['Weekends', 'Nights'],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      location: 'Ripon, North Yorkshire',
      hourlyRateMax: '26.00',
      availability: ['Weekends', 'Nights'],
    });
    const mine = await t.injectAs(cookies.owner, { method: 'GET', url: '/api/carers/my-profile' });
    expect(mine.json<OwnCarerProfile>().location).toBe('Ripon, North Yorkshire');
    await t.injectAs(cookies.owner, {
      method: 'PUT',
      url: `/api/carers/${ownProfile.id}`,
      payload: validProfile(),
    });
  });

  it('refuses an invalid edit with the spec message and changes nothing', async () => {
    const response = await t.injectAs(cookies.owner, {
      method: 'PUT',
      url: `/api/carers/${ownProfile.id}`,
      payload: validProfile({ description: 'Too short' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CARER_MESSAGES.descriptionTooShort);
    const mine = await t.injectAs(cookies.owner, { method: 'GET', url: '/api/carers/my-profile' });
    expect(mine.json<OwnCarerProfile>().description).toBe(validProfile().description);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['7f9c1b7e-0000-4000-8000-000000000000', 'not-a-uuid', '1%27%20or%201%3D1']) {
      const response = await t.injectAs(cookies.owner, {
        method: 'PUT',
        url: `/api/carers/${id}`,
        payload: validProfile(),
      });
      expect(response.statusCode, id).toBe(404);
      expect((await t.app.inject({ url: `/api/carers/${id}` })).statusCode).toBe(404);
    }
  });
});

describe('profile photos', () => {
  const upload = (content: Buffer, filename = 'photo.jpg', type = 'image/jpeg', field = 'photo') =>
    t.injectAs(cookies.owner, {
      method: 'POST',
      url: `/api/carers/${ownProfile.id}/photo`,
      ...multipart(field, filename, type, content),
    });

  it("takes a phone's 48-megapixel JPEG (8000 × 6000) and scales it down", async () => {
    // Camera-sized (a plain colour keeps the file small and the test quick; the pixels are what count).
    const jpeg = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#6a8caf' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(jpeg.length).toBeLessThan(5 * 1024 * 1024);
    const response = await upload(jpeg);
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.app.inject({ url: response.json<OwnCarerProfile>().photoUrl! });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
  });

  it('says what is wrong with a PNG of too many pixels (not "must be a JPEG, PNG or WebP")', async () => {
    const png = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const response = await upload(png, 'big.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: CARER_MESSAGES.photoTooManyPixels,
      fieldErrors: { photo: CARER_MESSAGES.photoTooManyPixels },
    });
  });

  it('says what is wrong with a JPEG past 200 megapixels too, before decoding it', async () => {
    // A small real JPEG whose frame header (SOF0) claims 20000 × 20000: 400 megapixels.
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(frame).toBeGreaterThan(0);
    jpeg.writeUInt16BE(20_000, frame + 5);
    jpeg.writeUInt16BE(20_000, frame + 7);
    const response = await upload(jpeg);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { photo: CARER_MESSAGES.photoTooManyPixels } });
  });

  it('re-encodes to WebP at most 800 px, strips EXIF and GPS, and serves it with long caching', async () => {
    const response = await upload(await photoWithGps(1600, 1200));
    expect(response.statusCode, response.body).toBe(200);
    const { photoUrl } = response.json<OwnCarerProfile>();
    expect(photoUrl).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);

    const served = await t.app.inject({ url: photoUrl! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Home Address'))).toBe(false);

    const me = await t.injectAs(cookies.owner, { method: 'GET', url: '/api/auth/user' });
    expect(me.json().profileImageUrl).toBe(photoUrl);
  });

  it('replaces the old photo: the old file and its record are gone', async () => {
    const first = (await upload(await photoWithGps(300, 300))).json<OwnCarerProfile>().photoUrl!;
    const second = (await upload(await photoWithGps(320, 320))).json<OwnCarerProfile>().photoUrl!;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.storageKey, `photos/${first.split('/').pop()}`));
    expect(rows).toHaveLength(0);
  });

  it('keeps a replaced photo that another account still shows (the one photo pipeline)', async () => {
    const first = (await upload(await photoWithGps(300, 300))).json<OwnCarerProfile>().photoUrl!;
    const family = eq(users.email, DEMO_ACCOUNTS.family.email);
    const [row] = await t.database.db.select({ avatar: users.profileImageUrl }).from(users).where(family);
    await t.database.db.update(users).set({ profileImageUrl: first }).where(family);
    try {
      const second = (await upload(await photoWithGps(320, 320))).json<OwnCarerProfile>().photoUrl!;
      expect(second).not.toBe(first);
      expect((await t.app.inject({ url: first })).statusCode).toBe(200);
      const rows = await t.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.storageKey, `photos/${first.split('/').pop()}`));
      expect(rows).toHaveLength(1);
    } finally {
      await t.database.db
        .update(users)
        .set({ profileImageUrl: row?.avatar ?? null })
        .where(family);
    }
  });

  it('judges the type by content, not by name: a PNG called .gif is accepted', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'picture.gif', 'image/gif')).statusCode).toBe(200);
  });

  it.each([
    [
      'a text file named .jpg',
      Buffer.from('<html><script>alert(1)</script></html>'),
      CARER_MESSAGES.photoType,
    ],
    [
      'a GIF',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      CARER_MESSAGES.photoType,
    ],
  ])('refuses %s with 400 and keeps the old photo', async (_name, content, message) => {
    const before = (
      await t.injectAs(cookies.owner, { url: '/api/carers/my-profile' })
    ).json<OwnCarerProfile>().photoUrl;
    const response = await upload(content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    const after = (await t.injectAs(cookies.owner, { url: '/api/carers/my-profile' })).json<OwnCarerProfile>()
      .photoUrl;
    expect(after).toBe(before);
    expect((await t.app.inject({ url: before! })).statusCode).toBe(200);
  });

  it('refuses a corrupt (truncated) image with 400', async () => {
    const jpeg = await photoWithGps(400, 400);
    const response = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(response.statusCode).toBe(400);
    expect([CARER_MESSAGES.photoUnreadable, CARER_MESSAGES.photoType]).toContain(response.json().message);
  });

  it('refuses a file over 5 MB with 400', async () => {
    const response = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 0xff));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: CARER_MESSAGES.photoTooLarge });
  });

  it('refuses a request without the photo field with 400', async () => {
    expect(
      (await upload(await photoWithGps(100, 100), 'a.jpg', 'image/jpeg', 'avatar')).json(),
    ).toMatchObject({ message: CARER_MESSAGES.photoMissing });
    const json = await t.injectAs(cookies.owner, {
      method: 'POST',
      url: `/api/carers/${ownProfile.id}/photo`,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 404 for a photo that does not exist or a malformed name', async () => {
    expect(
      (await t.app.inject({ url: '/uploads/photos/00000000-0000-4000-8000-000000000000.webp' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/uploads/photos/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('public search (GET /api/carers)', () => {
  it('lists only carers whose checks an admin approved; an unchecked one is 404 to all but its owner and admins', async () => {
    const all = await collectAll('', 'best', 50);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((carer) => carer.isVerified)).toBe(true);
    const unchecked = await t.database.db
      .select({ id: carerProfiles.id })
      .from(carerProfiles)
      .where(and(eq(carerProfiles.isActive, true), eq(carerProfiles.isVerified, false)));
    // The seeded unverified carers and this file's own new profile.
    expect(unchecked.length).toBeGreaterThanOrEqual(5);
    for (const { id } of unchecked) {
      expect(all.some((carer) => carer.id === id)).toBe(false);
      for (const viewer of [undefined, cookies.customer, cookies.otherCarer]) {
        expect((await t.injectAs(viewer, { url: `/api/carers/${id}` })).statusCode).toBe(404);
      }
      expect((await t.injectAs(cookies.admin, { url: `/api/carers/${id}` })).statusCode).toBe(200);
    }
    // Every badge in search stands on an approved record (what the profile's checks come from).
    const approvedFor = new Set(
      (
        await t.database.db
          .select({ carerId: carerVerifications.carerId })
          .from(carerVerifications)
          .where(eq(carerVerifications.status, 'approved'))
      ).map((row) => row.carerId),
    );
    const seededBadges = all.filter((carer) => carer.userId !== null);
    expect(seededBadges.filter((carer) => !approvedFor.has(carer.id))).toEqual([]);
    // And no one in search still claims a check as a qualification.
    expect(all.flatMap((carer) => carer.qualifications).filter((q) => /dbs/i.test(q))).toEqual([]);

    // When the approval no longer stands, the carer leaves search and their page at once.
    const [first] = all;
    await t.database.db
      .update(carerProfiles)
      .set({ isVerified: false })
      .where(eq(carerProfiles.id, first!.id));
    try {
      expect((await collectAll('', 'best', 50)).some((carer) => carer.id === first!.id)).toBe(false);
      expect((await t.app.inject({ url: `/api/carers/${first!.id}` })).statusCode).toBe(404);
    } finally {
      await t.database.db
        .update(carerProfiles)
        .set({ isVerified: true })
        .where(eq(carerProfiles.id, first!.id));
    }
  });

  it('lists only active profiles, with public fields only', async () => {
    const { items } = await search('?limit=50');
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(items.every((carer) => carer.isActive)).toBe(true);
    // A card: the profile's weekly grid and when it changed are the profile's alone.
    expect(Object.keys(items[0]!).sort()).toEqual([
      'availability',
      'description',
      'experience',
      'firstName',
      'hourlyRateMax',
      'hourlyRateMin',
      'id',
      'isActive',
      'isVerified',
      'lastName',
      'location',
      'photoUrl',
      'postcodeDistrict',
      'qualifications',
      'rating',
      'reviewCount',
      'specialization',
      'travelMiles',
      'user',
      'userId',
    ]);
    const profile = (await t.app.inject({ url: `/api/carers/${items[0]!.id}` })).json<PublicCarer>();
    expect(profile.weeklyAvailability.slots.length).toBeGreaterThan(0);
    expect(profile).toHaveProperty('availabilityUpdatedAt');
    const [inactive] = await t.database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.isActive, false))
      .limit(1);
    const all = await collectAll('');
    expect(all.some((carer) => carer.id === inactive!.id)).toBe(false);
    expect((await t.app.inject({ url: `/api/carers/${inactive!.id}` })).statusCode).toBe(404);
  });

  it('matches town, county and postcode district case-insensitively', async () => {
    const leeds = await search('?location=leeds');
    expect(leeds.items.length).toBeGreaterThanOrEqual(3);
    expect(leeds.items.every((carer) => /leeds/i.test(carer.location))).toBe(true);
    const yorkshire = await search('?location=YORKSHIRE&limit=50');
    expect(yorkshire.items.length).toBeGreaterThan(leeds.items.length);
    const district = await search('?location=ls6');
    expect(district.items.length).toBeGreaterThanOrEqual(1);
    expect(district.items.every((carer) => /leeds/i.test(carer.location))).toBe(true);
    const fullPostcode = await search(`?location=${encodeURIComponent('ls6 3ab')}`);
    expect(fullPostcode.items.map((c) => c.id)).toEqual(district.items.map((c) => c.id));
    expect((await search('?location=%25')).items).toEqual([]);
  });

  it('filters by care type and availability, where All Types and Any Time mean no filter', async () => {
    const dementia = await search('?careType=Dementia%20Care&limit=50');
    expect(dementia.items.length).toBeGreaterThan(0);
    expect(dementia.items.every((carer) => carer.specialization === 'Dementia Care')).toBe(true);
    const liveIn = await search('?availability=Live-in%20Care&limit=50');
    expect(liveIn.items.length).toBeGreaterThan(0);
    expect(liveIn.items.every((carer) => carer.availability.includes('Live-in Care'))).toBe(true);
    const everyone = await search('?careType=All%20Types&availability=Any%20Time&limit=50');
    expect(everyone.items.length).toBe((await search('?limit=50')).items.length);
  });

  it('filters by rate: the carer’s range must meet the wanted range', async () => {
    const { items } = await search('?minRate=25&maxRate=30&limit=50');
    expect(items.length).toBeGreaterThan(0);
    for (const carer of items) {
      expect(Number(carer.hourlyRateMax)).toBeGreaterThanOrEqual(25);
      expect(Number(carer.hourlyRateMin)).toBeLessThanOrEqual(30);
    }
  });

  it('sorts by rating and by price', async () => {
    const byRating = (await search('?sort=rating&limit=50')).items.map((c) => c.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    const byPrice = (await search('?sort=price&limit=50')).items.map((c) => Number(c.hourlyRateMin));
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
  });

  async function collectAll(filters: string, sort = 'best', limit = 5): Promise<CarerSummary[]> {
    const seen: CarerSummary[] = [];
    let cursor: string | null = null;
    let total: CarerSearchResult['total'];
    do {
      const page = await search(
        `?sort=${sort}&limit=${limit}${filters}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(limit);
      // The first page says how many there are in all; the next ones do not.
      if (cursor) expect(page.total).toBeNull();
      else total = page.total;
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(total, filters).toEqual({ count: seen.length, more: false });
    return seen;
  }

  it.each(['best', 'rating', 'price'])(
    'pages with a cursor: every carer once, in order (%s)',
    async (sort) => {
      const whole = (await search(`?sort=${sort}&limit=50`)).items.map((c) => c.id);
      const paged = (await collectAll('', sort, 4)).map((c) => c.id);
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(paged.length);
      const leedsPaged = (await collectAll('&location=leeds', sort, 1)).map((c) => c.id);
      expect(leedsPaged).toEqual(
        (await search(`?sort=${sort}&location=leeds&limit=50`)).items.map((c) => c.id),
      );
    },
  );

  it('ranks a Bayesian-averaged rating: one 5-star review does not beat forty at 4.8', async () => {
    const [a, b] = await Promise.all(
      ['Bayes', 'Prior'].map(async (lastName) => {
        const carer = await t.register({ userType: 'carer', firstName: 'Rank', lastName });
        const created = await t.injectAs(carer.cookie, {
          method: 'POST',
          url: '/api/carers',
          payload: validProfile({ location: 'Rankton, Testshire' }),
        });
        await approveChecks(t.database.db, created.json<OwnCarerProfile>().id);
        return created.json<OwnCarerProfile>();
      }),
    );
    await t.database.db
      .update(carerProfiles)
      .set({ rating: '5.00', reviewCount: 1 })
      .where(eq(carerProfiles.id, a!.id));
    await t.database.db
      .update(carerProfiles)
      .set({ rating: '4.80', reviewCount: 40 })
      .where(eq(carerProfiles.id, b!.id));
    // Review writes refresh the stored score; here the daily housekeeping does.
    const { createCarersService } = await import('../../src/server/features/carers/carers.service');
    const { createCarersRepository } = await import('../../src/server/features/carers/carers.repository');
    const carers = createCarersRepository(t.database.db);
    await createCarersService({
      ...builtInServiceDeps(t),
      carers,
      db: t.database.db,
      storage: t.storage,
    }).refreshAllRankScores();
    const ranked = (await search('?location=rankton')).items.map((c) => c.lastName);
    expect(ranked).toEqual(['Prior', 'Bayes']);
    expect((await search('?location=rankton&sort=rating')).items.map((c) => c.lastName)).toEqual([
      'Bayes',
      'Prior',
    ]);
  });

  it('puts an exact town match before a mere mention in "best" order', async () => {
    const { items } = await search('?location=york&limit=50');
    const firstNonExact = items.findIndex(
      (carer) => carer.location.split(',')[0]!.trim().toLowerCase() !== 'york',
    );
    const lastExact = items
      .map((carer) => carer.location.split(',')[0]!.trim().toLowerCase())
      .lastIndexOf('york');
    expect(lastExact).toBeGreaterThanOrEqual(0);
    if (firstNonExact >= 0) expect(lastExact).toBeLessThan(firstNonExact);
  });

  it.each([
    ['?careType=Gardening', 'Unknown care type'],
    ['?availability=Sometimes', 'Unknown availability option'],
    ['?limit=0', 'Limit must be a whole number from 1 to 50'],
    ['?limit=51', 'Limit must be a whole number from 1 to 50'],
    ['?limit=ten', 'Limit must be a whole number from 1 to 50'],
    ['?sort=random', 'Sort must be best, rating, price or distance'],
    ['?minRate=cheap', 'Rates must be numbers between 0 and 500'],
    [
      '?cursor=bm90LWEtY3Vyc29y',
      'Invalid cursor: this list has changed, so search again from the first page.',
    ],
    [`?location=${'x'.repeat(101)}`, 'Location can be at most 100 characters'],
  ])('refuses %s with 400 and a message', async (query, message) => {
    const response = await t.app.inject({ url: `/api/carers${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  // Decision 0020: valid base64url JSON with the wrong types was a 500 (PostgreSQL refused the
  // value) and the query's SQL went to the log.
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const someId = '0badc0de-0000-4000-8000-000000000001';
  it.each([
    ['a string rank', 'best', ['best', 'high', someId]],
    ['a float count', 'rating', ['rating', '4.50', 2.5, someId]],
    ['36 dashes as an id', 'best', ['best', 0.5, '-'.repeat(36)]],
    ['a count past 32 bits', 'rating', ['rating', '4.50', 2 ** 40, someId]],
    ['a numeric string that is not a rate', 'price', ['price', '1e5', someId]],
    ['an object for a key', 'price', ['price', { toString: 1 }, someId]],
    ['a huge rank', 'best', ['best', 1e308, someId]],
    ['no keys', 'best', ['best']],
    ['a bare object', 'best', { sort: 'best' }],
  ])('refuses a forged cursor with %s: 400, not 500', async (_name, sort, value) => {
    const response = await t.app.inject({ url: `/api/carers?sort=${sort}&cursor=${forged(value)}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors.cursor).toMatch(/^Invalid cursor/);
  });

  it('refuses a forged location-fit cursor: the fit is 0 or 1', async () => {
    for (const value of [
      ['best', 'x', 0.5, someId],
      ['best', 2, 0.5, someId],
      ['best', 0.5, someId],
    ]) {
      const response = await t.app.inject({ url: `/api/carers?location=Leeds&cursor=${forged(value)}` });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
    }
  });

  it('refuses a cursor made for another sort', async () => {
    const page = await search('?sort=price&limit=2');
    const response = await t.app.inject({ url: `/api/carers?sort=rating&cursor=${page.nextCursor}` });
    expect(response.statusCode).toBe(400);
  });
});

describe('reviews (GET /api/carers/{id}/reviews)', () => {
  it('lists a carer’s reviews newest first with the author’s first name and initial', async () => {
    const [margaret] = await t.database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.firstName, 'Margaret'));
    const response = await t.app.inject({ url: `/api/carers/${margaret!.id}/reviews` });
    const list = response.json<CarerReview[]>();
    expect(list.length).toBe(margaret!.reviewCount);
    const dates = list.map((review) => review.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list[0]!.authorName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
    expect(Object.keys(list[0]!).sort()).toEqual(['authorName', 'comment', 'createdAt', 'id', 'rating']);
  });

  it('names a deleted author "Deleted user"', async () => {
    const [margaret] = await t.database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.firstName, 'Margaret'));
    const [review] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.carerId, margaret!.id))
      .limit(1);
    await t.database.db.delete(users).where(eq(users.id, review!.customerId!));
    const list = (await t.app.inject({ url: `/api/carers/${margaret!.id}/reviews` })).json<CarerReview[]>();
    expect(list.find((r) => r.id === review!.id)?.authorName).toBe('Deleted user');
  });
});

describe('saved carers', () => {
  it('lets a customer save, list and remove carers; saving twice is harmless', async () => {
    const { items } = await search('?limit=2');
    const [first, second] = items;
    for (const carer of [first!, second!, first!]) {
      expect(
        (await t.injectAs(cookies.customer, { method: 'PUT', url: `/api/saved-carers/${carer.id}` }))
          .statusCode,
      ).toBe(204);
    }
    const saved = await t.injectAs(cookies.customer, { url: '/api/saved-carers' });
    expect(saved.json<{ items: CarerSummary[] }>().items.map((c) => c.id)).toEqual([second!.id, first!.id]);
    await t.injectAs(cookies.customer, { method: 'DELETE', url: `/api/saved-carers/${second!.id}` });
    const after = await t.injectAs(cookies.customer, { url: '/api/saved-carers' });
    expect(after.json<{ items: CarerSummary[] }>().items.map((c) => c.id)).toEqual([first!.id]);
  });

  it.each([
    ['visitor', undefined, 401],
    ['carer', 'otherCarer', 403],
    ['admin', 'admin', 403],
  ] as const)('refuses a %s', async (_role, who, status) => {
    const cookie = who ? cookies[who] : undefined;
    expect((await t.injectAs(cookie, { url: '/api/saved-carers' })).statusCode).toBe(status);
    expect(
      (await t.injectAs(cookie, { method: 'PUT', url: `/api/saved-carers/${ownProfile.id}` })).statusCode,
    ).toBe(status);
  });

  it('cannot save a carer who is not listed (404)', async () => {
    const [inactive] = await t.database.db
      .select()
      .from(carerProfiles)
      .where(eq(carerProfiles.isActive, false))
      .limit(1);
    expect(
      (await t.injectAs(cookies.customer, { method: 'PUT', url: `/api/saved-carers/${inactive!.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(cookies.customer, { method: 'PUT', url: '/api/saved-carers/nonsense' })).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(cookies.customer, { method: 'DELETE', url: '/api/saved-carers/nonsense' }))
        .statusCode,
    ).toBe(204);
  });
});

describe('ranking refresh', () => {
  it('rewrites only the scores that moved', async () => {
    const { createCarersService } = await import('../../src/server/features/carers/carers.service');
    const { createCarersRepository } = await import('../../src/server/features/carers/carers.repository');
    const carers = createCarersRepository(t.database.db);
    const service = createCarersService({
      ...builtInServiceDeps(t),
      carers,
      db: t.database.db,
      storage: t.storage,
    });
    await service.refreshAllRankScores();
    expect(await service.refreshAllRankScores()).toBe(0);
    // Two weeks without activity lowers the recency part of one carer's score.
    await t.database.db
      .update(carerProfiles)
      .set({ lastActiveAt: new Date(Date.now() - 20 * 86_400_000) })
      .where(eq(carerProfiles.id, ownProfile.id));
    expect(await service.refreshAllRankScores()).toBe(1);
  });
});
