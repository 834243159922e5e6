import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ticket } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cartItem,
  checkoutBody,
  jpegBytes,
  multipart,
  openShift,
  sell,
} from '../../__tests__/support/saleSupport';
import { startServerOn } from '../../__tests__/support/serverOnTestDatabase';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import type { RunningServer } from '../../server';
import { copyFacePhotoFilesIntoDatabase } from '../copyFacePhotoFiles';
import { createFacePhotoStore } from '../facePhotoStore';

/** A JPEG-looking photo of `size` bytes whose content is its own (random bytes between the markers). */
function photoOf(size: number): Buffer {
  const photo = jpegBytes(size);
  randomBytes(size - 6).copy(photo, 4);
  return photo;
}

describeOnEngines('face photo store', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const root = mkdtempSync(join(tmpdir(), 'pos-face-store-test-'));
  /** The data directory of the test app (database store) and of the file-store servers below. */
  const shared = join(root, 'shared');
  const servers: RunningServer[] = [];
  const photoFile = (ticketId: string) => join(shared, 'faces', `${ticketId}.jpg`);

  beforeAll(async () => {
    t = await createTestApp({ engine, config: { dataDir: shared } });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await t.close();
    rmSync(root, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  /** Another server instance on the same database, started as `pos-server serve` starts, with its own settings. */
  const startInstance = async (env: Record<string, string> & { POS_DATA_DIR: string }) => {
    const server = await startServerOn(t, env);
    servers.push(server);
    return server;
  };
  const sellTicket = async (): Promise<string> => {
    const { tickets } = await sell(t, session, checkoutBody([cartItem('DAY-ADULT')]));
    const id = tickets[0]?._id;
    if (id === undefined) throw new Error('no ticket');
    return id;
  };
  const register = async (server: RunningServer, ticketId: string, photo: Buffer) => {
    const body = multipart(photo);
    const response = await fetch(`${server.url}/v2/register_face/${ticketId}`, {
      method: 'POST',
      headers: { ...session.headers, ...body.headers },
      body: body.payload,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Ticket;
  };
  const served = async (server: RunningServer, ticketId: string) => {
    const response = await fetch(`${server.url}/v1/admin/ticket_photo/${ticketId}`, {
      headers: session.headers,
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  /** ticket_photo through the test app itself (database store, data directory `shared`, no copy at start). */
  const servedByTestApp = async (ticketId: string) => {
    const response = await t.inject({
      method: 'GET',
      url: `/v1/admin/ticket_photo/${ticketId}`,
      headers: session.headers,
    });
    return { status: response.statusCode, bytes: response.rawPayload };
  };
  const rowOf = (ticketId: string) =>
    t.db.selectFrom('face_photos').selectAll().where('ticket_id', '=', ticketId).executeTakeFirstOrThrow();

  it('keeps a registered photo in the database: another instance with another data directory serves it', async () => {
    const a = await startInstance({ POS_DATA_DIR: join(root, 'a') });
    const b = await startInstance({ POS_DATA_DIR: join(root, 'b') });
    const ticketId = await sellTicket();
    const photo = photoOf(3000);
    expect((await register(a, ticketId, photo)).face).toMatchObject({ photo: true });
    const fromB = await served(b, ticketId);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(photo)).toBe(true);
    const row = await rowOf(ticketId);
    expect(row.byte_size).toBe(3000);
    expect(row.data === null ? undefined : Buffer.from(row.data).equals(photo)).toBe(true);
    // Nothing on either instance's disk.
    expect(existsSync(join(root, 'a', 'faces'))).toBe(false);
    expect(existsSync(join(root, 'b', 'faces'))).toBe(false);

    // A new photo registered on B replaces it for A too.
    const second = photoOf(2000);
    await register(b, ticketId, second);
    expect((await served(a, ticketId)).bytes.equals(second)).toBe(true);
  });

  it('with POS_FACE_PHOTOS=files writes <data dir>/faces/<ticket id>.jpg, and either store serves what the other registered', async () => {
    const files = await startInstance({ POS_DATA_DIR: shared, POS_FACE_PHOTOS: 'files' });
    const ticketId = await sellTicket();
    const first = photoOf(1500);
    await register(files, ticketId, first);
    expect(readFileSync(photoFile(ticketId)).equals(first)).toBe(true);
    expect(readdirSync(join(shared, 'faces'))).toEqual([`${ticketId}.jpg`]);
    expect(await rowOf(ticketId)).toMatchObject({ content_type: 'image/jpeg', byte_size: 1500, data: null });
    expect((await served(files, ticketId)).bytes.equals(first)).toBe(true);
    // The database store serves a photo registered while files were the store, from its file.
    const fromFile = await servedByTestApp(ticketId);
    expect(fromFile.status).toBe(200);
    expect(fromFile.bytes.equals(first)).toBe(true);

    // Registered again with the database store: the row's bytes win over the older file, for both stores.
    const second = photoOf(1600);
    const replaced = await t.inject({
      method: 'POST',
      url: `/v2/register_face/${ticketId}`,
      headers: { ...session.headers, ...multipart(second).headers },
      payload: multipart(second).payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(readFileSync(photoFile(ticketId)).equals(first)).toBe(true);
    expect((await served(files, ticketId)).bytes.equals(second)).toBe(true);
    expect((await servedByTestApp(ticketId)).bytes.equals(second)).toBe(true);

    // And back to a file: the row's bytes are cleared, the new file is served by both.
    const third = photoOf(1700);
    await register(files, ticketId, third);
    expect((await rowOf(ticketId)).data).toBeNull();
    expect((await servedByTestApp(ticketId)).bytes.equals(third)).toBe(true);
    expect((await served(files, ticketId)).bytes.equals(third)).toBe(true);
  });

  it('copies the photo files into the database when a server starts with the database store; the files stay', async () => {
    const files = await startInstance({ POS_DATA_DIR: shared, POS_FACE_PHOTOS: 'files' });
    const [kept, truncated, missing] = [await sellTicket(), await sellTicket(), await sellTicket()];
    const photos = [photoOf(1100), photoOf(1200), photoOf(1300)] as const;
    await register(files, kept, photos[0]);
    await register(files, truncated, photos[1]);
    await register(files, missing, photos[2]);
    // One file no longer matches its row (size), one is gone: neither may end up in the database.
    writeFileSync(photoFile(truncated), photos[1].subarray(0, 600));
    unlinkSync(photoFile(missing));

    await startInstance({ POS_DATA_DIR: shared });
    const copied = await rowOf(kept);
    expect(copied.data === null ? undefined : Buffer.from(copied.data).equals(photos[0])).toBe(true);
    expect((await rowOf(truncated)).data).toBeNull();
    expect((await rowOf(missing)).data).toBeNull();
    expect(existsSync(photoFile(kept))).toBe(true);

    // Now served by an instance that never saw the file.
    const elsewhere = await startInstance({ POS_DATA_DIR: join(root, 'elsewhere') });
    expect((await served(elsewhere, kept)).bytes.equals(photos[0])).toBe(true);
    expect((await served(elsewhere, missing)).status).toBe(404);

    // Running it again copies nothing more: only the two photos without a good file are left.
    const again = await copyFacePhotoFilesIntoDatabase(
      t.db,
      createFacePhotoStore({ kind: 'database', dataDir: shared }),
    );
    expect(again).toEqual({ copied: 0, left: 2 });
  });
});
