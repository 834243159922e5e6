import type { Kysely } from 'kysely';
import type { Database } from '../db/Database';
import type { FacePhotoStore } from './facePhotoStore';
import { isJpeg } from './isJpeg';
import { TICKET_ID_PATTERN } from './ticketId';

/** Rows read per round. */
const BATCH = 100;

/** What {@link copyFacePhotoFilesIntoDatabase} did. */
export interface FacePhotoCopy {
  /** Photos whose bytes were copied from their file into their row. */
  copied: number;
  /**
   * Photos not copied: no readable file on this instance's disk, a file that does not match its row, or a row
   * registered again meanwhile. Their files are still served as before.
   */
  left: number;
}

/** Reads a stream whole. */
async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Copies the face photos registered while files were the store (rows whose `data` is null, files
 * `<dataDir>/faces/<ticket id>.jpg`) into their `face_photos` rows, so every server instance sharing the database
 * serves them. The server runs it at start when the database is the store (`POS_FACE_PHOTOS=database`).
 *
 * A file is copied only when it is a JPEG of the size its row records, and only into a row that still holds no bytes
 * and was not registered again meanwhile (same `created_at`), so a copy never overwrites a newer photo, and running
 * it on several instances at once is harmless. The files are left where they are (they stay a backup; the rows'
 * bytes are served first). A missing or unreadable file is left for another instance that has it.
 *
 * @example
 * const { copied } = await copyFacePhotoFilesIntoDatabase(db, photos);
 */
export async function copyFacePhotoFilesIntoDatabase(
  db: Kysely<Database>,
  photos: Pick<FacePhotoStore, 'openFile'>,
): Promise<FacePhotoCopy> {
  const result: FacePhotoCopy = { copied: 0, left: 0 };
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('face_photos')
      .select(['ticket_id', 'byte_size', 'created_at'])
      .where('content_type', '=', 'image/jpeg')
      .where('data', 'is', null)
      .where('ticket_id', '>', after)
      .orderBy('ticket_id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const bytes = await readPhotoFile(photos, row.ticket_id);
      if (bytes === undefined || bytes.length !== Number(row.byte_size) || !isJpeg(bytes)) {
        result.left += 1;
        continue;
      }
      const updated = await db
        .updateTable('face_photos')
        .set({ data: bytes })
        .where('ticket_id', '=', row.ticket_id)
        .where('data', 'is', null)
        .where('created_at', '=', row.created_at)
        .where('byte_size', '=', bytes.length)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) result.copied += 1;
      else result.left += 1;
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < BATCH) return result;
    after = last.ticket_id;
  }
}

/** The bytes of a ticket's photo file, or undefined when there is none or it cannot be read. */
async function readPhotoFile(
  photos: Pick<FacePhotoStore, 'openFile'>,
  ticketId: string,
): Promise<Buffer | undefined> {
  if (!TICKET_ID_PATTERN.test(ticketId)) return undefined;
  try {
    const file = await photos.openFile(ticketId);
    return file === undefined ? undefined : await bytesOf(file.stream);
  } catch {
    return undefined;
  }
}
