import { randomBytes } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { TICKET_ID_PATTERN } from './ticketId';

/** The folder of the face photos inside the data directory. */
export const FACES_DIR = 'faces';

/** The folder of the face photos: `<dataDir>/faces`, absolute (a relative data directory is the working directory's). */
export function facesDir(dataDir: string): string {
  return resolve(dataDir, FACES_DIR);
}

/**
 * The file of a ticket's face photo: `<dataDir>/faces/<ticket id>.jpg`.
 *
 * The id must already be a normalised ticket id (`T` and 10 Crockford base32 characters, see `readTicketId`): it is
 * checked against that pattern before any path is built, and the resolved path is checked to be a direct child of
 * the faces folder, so no id can reach a file elsewhere (`../x`, `/etc/passwd`, `%2e%2e` once decoded).
 *
 * @throws {RangeError} for anything but a ticket id (a programming error: callers check ids first).
 */
export function facePhotoPath(dataDir: string, ticketId: string): string {
  if (!TICKET_ID_PATTERN.test(ticketId)) throw new RangeError('Not a ticket id');
  const folder = facesDir(dataDir);
  const path = resolve(folder, `${ticketId}.jpg`);
  const inside = relative(folder, path);
  if (dirname(path) !== folder || inside.startsWith('..') || isAbsolute(inside)) {
    throw new RangeError('A face photo path must stay inside the faces folder');
  }
  return path;
}

/** A face photo written to a temporary file, not yet visible under its ticket's name. */
export interface StagedFacePhoto {
  /** Moves it to `<dataDir>/faces/<ticket id>.jpg` in one step (replacing an earlier photo). */
  commit(): Promise<void>;
  /** Deletes the temporary file if it is still there (after a failure, or a no-op after commit). */
  discard(): Promise<void>;
}

/**
 * Writes a ticket's face photo to a temporary file next to its final place (same folder, so the later rename is
 * atomic): flushed to disk, readable by the server's user only. Nothing is visible under the ticket's name until
 * `commit()`, so a reader never sees half a photo, and a failed registration leaves the earlier photo in place.
 *
 * @example
 * const staged = await stageFacePhoto(config.dataDir, ticketId, bytes);
 * try { await writeMetadataThen(() => staged.commit()); } finally { await staged.discard(); }
 */
export async function stageFacePhoto(
  dataDir: string,
  ticketId: string,
  photo: Uint8Array,
): Promise<StagedFacePhoto> {
  const path = facePhotoPath(dataDir, ticketId);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = join(dirname(path), `.${ticketId}.${randomBytes(6).toString('hex')}.tmp`);
  const file = await open(temp, 'wx', 0o600);
  try {
    await file.writeFile(photo);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temp, { force: true });
    throw error;
  }
  await file.close();
  return {
    commit: () => rename(temp, path),
    discard: () => rm(temp, { force: true }),
  };
}

/** An open face photo: its size and a stream of its bytes (the stream closes the file when done). */
export interface OpenFacePhoto {
  size: number;
  stream: ReadStream;
}

/**
 * Opens a ticket's face photo file for reading, or undefined when there is none. Opened once and then streamed,
 * so a photo replaced meanwhile is read whole (the old or the new one, never a mix).
 */
export async function openFacePhoto(dataDir: string, ticketId: string): Promise<OpenFacePhoto | undefined> {
  const path = facePhotoPath(dataDir, ticketId);
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await file.stat();
    return { size, stream: file.createReadStream() };
  } catch (error) {
    await file.close();
    throw error;
  }
}
