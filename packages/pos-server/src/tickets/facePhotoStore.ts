import type { FacePhotoStoreKind } from '../config';
import { type OpenFacePhoto, openFacePhoto, stageFacePhoto } from './facePhotoFile';

/** One registration's photo, ready to be written with its `face_photos` row. */
export interface PreparedFacePhoto {
  /** What the row's `data` column keeps: the bytes (database store), or null when they live in a file. */
  data: Buffer | null;
  /** Makes the photo visible: runs inside the registration's transaction, just before it commits. */
  commit(): Promise<void>;
  /** Cleans up after the transaction, whether it committed or not (a no-op once committed). */
  discard(): Promise<void>;
}

/**
 * Where face photos are written. Reading is the same for every store: the row's `data` when it holds the bytes,
 * else the file (a photo registered while files were the store), so switching stores never loses a photo.
 */
export interface FacePhotoStore {
  readonly kind: FacePhotoStoreKind;
  /** Prepares the photo of a registration, before its transaction starts (a file store writes a temporary file). */
  prepare(ticketId: string, photo: Uint8Array): Promise<PreparedFacePhoto>;
  /** The photo file of a ticket whose row holds no bytes, or undefined when there is none. */
  openFile(ticketId: string): Promise<OpenFacePhoto | undefined>;
}

const nothingToDo = async (): Promise<void> => {};

/**
 * The face photo store of a server.
 *
 * - `database`: the bytes go into the `face_photos` row in the registration's own transaction, so every server
 *   instance on the database serves them, and a backup of the database holds them.
 * - `files`: the bytes go to `<dataDir>/faces/<ticket id>.jpg` (written to a temporary file, renamed into place just
 *   before the transaction commits) and the row keeps `data` null. Instances must share `dataDir` to serve them.
 *
 * Both read photos registered under the other (the row's bytes first, then the file under `dataDir`).
 *
 * @example
 * const photos = createFacePhotoStore({ kind: config.facePhotos, dataDir: config.dataDir });
 */
export function createFacePhotoStore(options: { kind: FacePhotoStoreKind; dataDir: string }): FacePhotoStore {
  const { kind, dataDir } = options;
  const openFile = (ticketId: string) => openFacePhoto(dataDir, ticketId);
  if (kind === 'files') {
    return {
      kind,
      openFile,
      async prepare(ticketId, photo) {
        const staged = await stageFacePhoto(dataDir, ticketId, photo);
        return { data: null, commit: staged.commit, discard: staged.discard };
      },
    };
  }
  return {
    kind,
    openFile,
    prepare: async (_ticketId, photo) => ({
      data: Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength),
      commit: nothingToDo,
      discard: nothingToDo,
    }),
  };
}
