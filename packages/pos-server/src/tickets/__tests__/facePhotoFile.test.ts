import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { facePhotoPath, openFacePhoto, stageFacePhoto } from '../facePhotoFile';

const TICKET = 'T7K3M9Q2XD4';

/** Reads a stream (or buffer) whole. */
async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('facePhotoFile', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pos-faces-test-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts the photo of a ticket at <data dir>/faces/<ticket id>.jpg', () => {
    expect(facePhotoPath(dataDir, TICKET)).toBe(join(dataDir, 'faces', `${TICKET}.jpg`));
    expect(facePhotoPath('relative/data', TICKET)).toBe(resolve('relative/data', 'faces', `${TICKET}.jpg`));
  });

  it.each([
    '../x',
    '..',
    '.',
    '',
    '/etc/passwd',
    'T7K3M9Q2XD4/../../x',
    '../T7K3M9Q2XD4',
    '%2e%2e',
    't7k3m9q2xd4',
    ' T7K3M9Q2XD4',
    'T7K3M9Q2XD4\0',
    'T7K3M9Q2XD4.jpg',
    'C:\\x',
  ])('refuses %j before building a path: only a ticket id makes a photo path', (id) => {
    expect(() => facePhotoPath(dataDir, id)).toThrow(RangeError);
  });

  it('makes a staged photo visible only on commit, and leaves no temporary file behind', async () => {
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const staged = await stageFacePhoto(dataDir, TICKET, photo);
    expect(existsSync(facePhotoPath(dataDir, TICKET))).toBe(false);
    expect(await openFacePhoto(dataDir, TICKET)).toBeUndefined();
    await staged.commit();
    await staged.discard();
    expect(readdirSync(join(dataDir, 'faces'))).toEqual([`${TICKET}.jpg`]);
    const opened = await openFacePhoto(dataDir, TICKET);
    expect(opened?.size).toBe(photo.length);
    expect(opened === undefined ? undefined : await bytesOf(opened.stream)).toEqual(photo);
  });

  it('keeps the earlier photo when a new one is discarded instead of committed', async () => {
    const first = Buffer.from([0xff, 0xd8, 0xff, 1]);
    await (await stageFacePhoto(dataDir, TICKET, first)).commit();
    const second = await stageFacePhoto(dataDir, TICKET, Buffer.from([0xff, 0xd8, 0xff, 2]));
    await second.discard();
    expect(readFileSync(facePhotoPath(dataDir, TICKET))).toEqual(first);
    expect(readdirSync(join(dataDir, 'faces'))).toEqual([`${TICKET}.jpg`]);
  });
});
