import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { RedeemResponse, Ticket } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItem,
  checkoutBody,
  jpegBytes,
  MEMBER,
  multipart,
  openShift,
  sell,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';
const DAY_MS = 24 * 60 * 60_000;

/** Every file under a folder, as paths relative to it. */
const filesUnder = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();

describeOnEngines('tickets', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);
  // The data directory sits one level inside its own folder, so a photo written outside it would show up there.
  const root = mkdtempSync(join(tmpdir(), 'pos-tickets-test-'));
  const dataDir = join(root, 'data');
  const photoFile = (ticketId: string) => join(dataDir, 'faces', `${ticketId}.jpg`);
  /** The ticket's face_photos row, if any. */
  const photoRow = (ticketId: string) =>
    t.db.selectFrom('face_photos').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 720, dataDir } });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const sellOne = async (
    sku: string,
    options: { email?: string; quantity?: number; visitDate?: string } = {},
  ) => {
    const item = cartItem(
      sku,
      options.quantity ?? 1,
      clock(),
      options.visitDate ? { visit_date: options.visitDate } : {},
    );
    const { tickets } = await sell(
      t,
      session,
      checkoutBody([item], { email: options.email ?? 'guest@example.com' }),
    );
    const [ticket] = tickets;
    if (ticket === undefined) throw new Error('no ticket');
    return ticket;
  };
  const getTicket = (id: string) => t.post(session, '/v1/admin/get_ticket', { ticket_id: id });
  const redeem = (id: string) => t.post(session, `/v2/check_ticket_redeem/${encodeURIComponent(id)}`);
  const registerFace = (id: string, body?: { payload: Buffer; headers: Record<string, string> }) =>
    t.inject({
      method: 'POST',
      url: `/v2/register_face/${id}`,
      headers: { ...session.headers, ...(body?.headers ?? {}) },
      ...(body === undefined ? {} : { payload: body.payload }),
    });

  describe('get_ticket', () => {
    it('answers the ticket with its display status, also for an id typed in lower case', async () => {
      const sold = await sellOne('DAY-ADULT');
      const response = await getTicket(` ${sold._id.toLowerCase()} `);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sold);
    });

    it('answers 404 for an unknown ticket and 400 for an empty id', async () => {
      const unknown = await getTicket('T0000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Ticket not found', code: 'not_found' });
      expect((await getTicket('  ')).statusCode).toBe(400);
    });

    it('derives Inactive before the visit day and Expired after it, with the server clock', async () => {
      const tomorrow = await sellOne('DAY-CHILD', { visitDate: '2026-11-23T00:00:00+08:00' });
      expect(tomorrow).toMatchObject({ display_status: 'Inactive', date: '2026-11-22T16:00:00.000Z' });
      const today = await sellOne('DAY-CHILD');
      clock.advance(DAY_MS);
      try {
        expect((await getTicket(today._id)).json<Ticket>().display_status).toBe('Expired');
        expect((await getTicket(tomorrow._id)).json<Ticket>().display_status).toBe('Active');
      } finally {
        clock.set(NOW);
      }
    });
  });

  describe('check_ticket_redeem', () => {
    it("redeems one use: 'Ticket redemption successful', the use recorded with terminal and staff", async () => {
      const ticket = await sellOne('DAY-ADULT');
      const response = await redeem(ticket._id);
      expect(response.statusCode).toBe(200);
      const body = response.json<RedeemResponse>();
      expect(body.message).toBe('Ticket redemption successful');
      expect(body.ticket).toMatchObject({
        _id: ticket._id,
        display_status: 'Fully Used',
        used: [{ at: NOW, terminal: 'TICKET01', staff: 'Ana Cashier' }],
      });
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_id', '=', ticket._id)
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['ticket.redeemed']);
    });

    it("answers 409 'Ticket is Fully Used' once the uses are used up (10 for a 10 Punch Day Pass)", async () => {
      const punch = await sellOne('PUNCH-10');
      for (let use = 1; use <= 10; use++) {
        const response = await redeem(punch._id);
        expect(response.statusCode).toBe(200);
        expect(response.json<RedeemResponse>().ticket.used).toHaveLength(use);
      }
      const eleventh = await redeem(punch._id);
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json()).toMatchObject({ message: 'Ticket is Fully Used', code: 'conflict' });
    });

    it('counts a membership (usage_limit 0) as Fully Used after a use, for the rest of that venue day', async () => {
      const membership = await sellOne('MEMBER-1M', { email: MEMBER.email });
      expect((await redeem(membership._id)).statusCode).toBe(200);
      expect((await redeem(membership._id)).json().message).toBe('Ticket is Fully Used');
    });

    it("answers 409 'Ticket is Inactive' before the visit day and 'Ticket is Expired' after it", async () => {
      const tomorrow = await sellOne('DAY-ADULT', { visitDate: '2026-11-23T00:00:00+08:00' });
      expect((await redeem(tomorrow._id)).json()).toMatchObject({
        message: 'Ticket is Inactive',
        code: 'conflict',
      });
      clock.advance(2 * DAY_MS);
      try {
        const expired = await redeem(tomorrow._id);
        expect(expired.statusCode).toBe(409);
        expect(expired.json().message).toBe('Ticket is Expired');
      } finally {
        clock.set(NOW);
      }
    });

    it("answers 409 'This ticket cannot be redeemed' when allow_redeem is false, 404 for an unknown ticket", async () => {
      const ticket = await sellOne('DAY-ADULT');
      await t.db.updateTable('tickets').set({ allow_redeem: 0 }).where('id', '=', ticket._id).execute();
      const refused = await redeem(ticket._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This ticket cannot be redeemed');
      expect((await redeem('T0000000000')).statusCode).toBe(404);
    });
  });

  describe('register_face and ticket_photo', () => {
    it('registers a JPEG face photo and serves it back to staff as image/jpeg', async () => {
      const ticket = await sellOne('PUNCH-10');
      const photo = jpegBytes(1024);
      const response = await registerFace(ticket._id, multipart(photo, { filename: `${ticket._id}.jpg` }));
      expect(response.statusCode).toBe(200);
      expect(response.json<Ticket>()).toMatchObject({
        _id: ticket._id,
        face: { registered_at: NOW, photo: true },
      });
      const served = await t.inject({
        method: 'GET',
        url: `/v1/admin/ticket_photo/${ticket._id}`,
        headers: session.headers,
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(photo)).toBe(true);
      expect(served.headers['content-length']).toBe('1024');
      const anonymous = await t.inject({ method: 'GET', url: `/v1/admin/ticket_photo/${ticket._id}` });
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.rawPayload.includes(photo)).toBe(false);
    });

    it('stores the photo and its metadata (who, when, size) in face_photos by default, and writes no file', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const photo = jpegBytes(4096);
      expect((await registerFace(ticket._id, multipart(photo))).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('face_photos')
        .selectAll()
        .where('ticket_id', '=', ticket._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        content_type: 'image/jpeg',
        byte_size: 4096,
        staff_id: session.profile._id,
        created_at: NOW,
      });
      expect(row.data === null ? undefined : Buffer.from(row.data).equals(photo)).toBe(true);
      expect(existsSync(photoFile(ticket._id))).toBe(false);
      expect(filesUnder(root)).toEqual([]);
    });

    it('serves a photo registered before photos moved to files from its face_photos row', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const photo = jpegBytes(300);
      await t.db
        .insertInto('face_photos')
        .values({
          id: `legacy-${ticket._id}`,
          ticket_id: ticket._id,
          content_type: 'image/jpeg',
          data: photo,
          byte_size: photo.length,
          staff_id: session.profile._id,
          created_at: NOW,
        })
        .execute();
      const served = await t.inject({
        method: 'GET',
        url: `/v1/admin/ticket_photo/${ticket._id}`,
        headers: session.headers,
      });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(photo)).toBe(true);
    });

    it('replaces an earlier photo', async () => {
      const ticket = await sellOne('DAY-ADULT');
      await registerFace(ticket._id, multipart(jpegBytes(100)));
      const second = jpegBytes(200);
      expect((await registerFace(ticket._id, multipart(second))).statusCode).toBe(200);
      const served = await t.inject({
        method: 'GET',
        url: `/v1/admin/ticket_photo/${ticket._id}`,
        headers: session.headers,
      });
      expect(served.rawPayload.equals(second)).toBe(true);
    });

    it("answers 400 'The photo must be a JPEG image' for other bytes (checked by content, not name)", async () => {
      const ticket = await sellOne('DAY-ADULT');
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const response = await registerFace(ticket._id, multipart(png, { filename: 'photo.jpg' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'The photo must be a JPEG image',
        code: 'invalid_request',
      });
      expect(existsSync(photoFile(ticket._id))).toBe(false);
      expect(await photoRow(ticket._id)).toBeUndefined();
      expect((await getTicket(ticket._id)).json<Ticket>().face).toBeNull();
    });

    it('answers 413 for a photo over 2 MB', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const response = await registerFace(ticket._id, multipart(jpegBytes(2 * 1024 * 1024 + 1)));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        message: 'The photo is larger than 2 MB',
        code: 'payload_too_large',
      });
      expect(existsSync(photoFile(ticket._id))).toBe(false);
      expect(await photoRow(ticket._id)).toBeUndefined();
    });

    it('accepts a photo of exactly 2 MB', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const photo = jpegBytes(2 * 1024 * 1024);
      expect((await registerFace(ticket._id, multipart(photo))).statusCode).toBe(200);
      const stored = (await photoRow(ticket._id))?.data;
      expect(stored == null ? undefined : Buffer.from(stored).equals(photo)).toBe(true);
    });

    it('answers 400 for a multipart body without the file field', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const response = await registerFace(ticket._id, multipart(jpegBytes(), { field: 'photo' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Send the photo in the multipart field "file"');
    });

    it('answers 400, not 500, for malformed multipart bodies ("Boundary not found", "Part terminated early")', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const message =
        'The upload is not a well-formed multipart body: send the photo in the multipart field "file"';
      const whole = multipart(jpegBytes(1024));
      const noPhoto = 'Send the photo in the multipart field "file"';
      const malformed = [
        // No boundary in the content type ('Boundary not found').
        [{ payload: whole.payload, headers: { 'content-type': 'multipart/form-data' } }, message],
        // Cut in the middle of the photo ('Part terminated early' / 'Unexpected end of form').
        [{ payload: whole.payload.subarray(0, 600), headers: whole.headers }, message],
        // Another boundary than the body's, or cut in the part's headers: no photo part at all.
        [
          { payload: whole.payload, headers: { 'content-type': 'multipart/form-data; boundary=other' } },
          noPhoto,
        ],
        [{ payload: whole.payload.subarray(0, 40), headers: whole.headers }, noPhoto],
      ] as const;
      for (const [body, expected] of malformed) {
        const response = await registerFace(ticket._id, body);
        expect(response.json()).toMatchObject({ message: expected, code: 'invalid_request' });
        expect(response.statusCode).toBe(400);
      }
      expect(existsSync(photoFile(ticket._id))).toBe(false);
      expect(await photoRow(ticket._id)).toBeUndefined();
    });

    it('answers 413 for an upload with more parts than the photo (11 fields, 2 files)', async () => {
      const ticket = await sellOne('DAY-ADULT');
      const boundary = '----pos-test-boundary';
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
      const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      const fields = Array.from({ length: 11 }, (_, i) => field(`f${i}`, 'x')).join('');
      const tooManyFields = Buffer.concat([
        Buffer.from(fields + file),
        jpegBytes(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const twoFiles = Buffer.concat([
        Buffer.from(file),
        jpegBytes(),
        Buffer.from(`\r\n${file}`),
        jpegBytes(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const tooMany = await registerFace(ticket._id, { payload: tooManyFields, headers });
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json()).toMatchObject({
        message: 'Too many parts in the upload: send only the photo, in the multipart field "file"',
        code: 'payload_too_large',
      });
      // A second file after the photo is not read: the photo is registered.
      expect((await registerFace(ticket._id, { payload: twoFiles, headers })).statusCode).toBeLessThan(500);
    });

    it('registers with no body only a non-shareable ticket already used (400 otherwise); no photo is served', async () => {
      const ticket = await sellOne('PUNCH-10');
      const unused = await registerFace(ticket._id);
      expect(unused.statusCode).toBe(400);
      expect(unused.json().message).toBe(
        'A photo is required: only a non-shareable ticket that was already used can register without one',
      );
      await redeem(ticket._id);
      const used = await registerFace(ticket._id);
      expect(used.statusCode).toBe(200);
      expect(used.json<Ticket>().face).toEqual({ registered_at: NOW, photo: false });
      const photo = await t.inject({
        method: 'GET',
        url: `/v1/admin/ticket_photo/${ticket._id}`,
        headers: session.headers,
      });
      expect(photo.statusCode).toBe(404);
      expect(photo.json().message).toBe('No photo registered for this ticket');

      const shared = await sellOne('PUNCH-10');
      await t.db.updateTable('tickets').set({ shareable: 1 }).where('id', '=', shared._id).execute();
      await redeem(shared._id);
      expect((await registerFace(shared._id)).statusCode).toBe(400);
    });

    it('answers 404 for an unknown or malformed ticket id (no path is built from it) and 409 for a canceled one', async () => {
      expect((await registerFace('T0000000000', multipart(jpegBytes()))).statusCode).toBe(404);
      expect((await registerFace('..%2F..%2Fetc%2Fpasswd', multipart(jpegBytes()))).statusCode).toBe(404);
      const photo = await t.inject({
        method: 'GET',
        url: '/v1/admin/ticket_photo/..%2Fpos.db',
        headers: session.headers,
      });
      expect(photo.statusCode).toBe(404);
      const ticket = await sellOne('DAY-ADULT');
      await t.db.updateTable('tickets').set({ status: 'Canceled' }).where('id', '=', ticket._id).execute();
      const canceled = await registerFace(ticket._id, multipart(jpegBytes()));
      expect(canceled.statusCode).toBe(409);
      expect(canceled.json().message).toBe('Ticket is Canceled');
      expect(existsSync(photoFile(ticket._id))).toBe(false);
      expect(await photoRow(ticket._id)).toBeUndefined();
    });

    it('refuses ids that look like paths (../x, %2e%2e, absolute) with 400 or 404, and writes nothing outside', async () => {
      const before = filesUnder(root);
      const ids = [
        '../x',
        '..%2Fx',
        '%2e%2e',
        '%2e%2e%2f%2e%2e%2fx',
        '..%5Cx',
        '%2Fetc%2Fpasswd',
        '/etc/passwd',
        `${root}/x`.replaceAll('/', '%2F'),
        'T0000000000%2F..%2F..%2Fx',
        'T0000000000%00',
        '.',
        '%2e',
      ];
      for (const id of ids) {
        const registered = await registerFace(id, multipart(jpegBytes()));
        expect([400, 404], `register_face/${id}`).toContain(registered.statusCode);
        const served = await t.inject({
          method: 'GET',
          url: `/v1/admin/ticket_photo/${id}`,
          headers: session.headers,
        });
        expect([400, 404], `ticket_photo/${id}`).toContain(served.statusCode);
      }
      expect(filesUnder(root)).toEqual(before);
      expect(existsSync(join(root, 'x'))).toBe(false);
      expect(existsSync(join(root, 'x.jpg'))).toBe(false);
    });
  });
});
