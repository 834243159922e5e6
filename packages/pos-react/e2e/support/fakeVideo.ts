/**
 * Video files for Chromium's fake camera (`--use-file-for-fake-video-capture=<file>.y4m`): a still picture of a
 * QR code or a Code 128 barcode, made by the test itself, written as raw Y4M 4:2:0 frames. Chromium loops the file.
 */
import { writeFile } from 'node:fs/promises';
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';

/** A greyscale picture: one luma byte per pixel, row by row. */
export interface LumaImage {
  readonly width: number;
  readonly height: number;
  readonly luma: Uint8Array;
}

const WIDTH = 640;
const HEIGHT = 480;
const BLACK = 16;
const WHITE = 235;

/** A white frame. */
function blankFrame(): LumaImage {
  return { width: WIDTH, height: HEIGHT, luma: new Uint8Array(WIDTH * HEIGHT).fill(WHITE) };
}

/** Paints a black rectangle. */
function fill(image: LumaImage, x: number, y: number, width: number, height: number): void {
  for (let row = y; row < y + height; row += 1) {
    image.luma.fill(BLACK, row * image.width + x, row * image.width + x + width);
  }
}

/** A QR code of `text` (error correction M, as the passes carry), centred, 10 pixels per module. */
export function qrCodeFrame(text: string): LumaImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 10;
  const image = blankFrame();
  const left = Math.floor((WIDTH - modules.size * scale) / 2);
  const top = Math.floor((HEIGHT - modules.size * scale) / 2);
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) fill(image, left + column * scale, top + row * scale, scale, scale);
    }
  }
  return image;
}

/** A Code 128 barcode of `text` (bar and space widths from bwip-js), centred, 4 pixels per module. */
export function code128Frame(text: string): LumaImage {
  const [symbol] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  const widths = symbol?.sbs ?? [];
  const module = 4;
  const total = widths.reduce((sum, width) => sum + width, 0) * module;
  const image = blankFrame();
  let x = Math.floor((WIDTH - total) / 2);
  const top = 140;
  widths.forEach((width, index) => {
    // sbs alternates bar, space, bar, … starting with a bar.
    if (index % 2 === 0) fill(image, x, top, width * module, 200);
    x += width * module;
  });
  return image;
}

/** Writes `frames` copies of the picture as a Y4M 4:2:0 video (grey: chroma planes at 128). */
export async function writeY4m(path: string, image: LumaImage, frames = 10): Promise<void> {
  const header = Buffer.from(`YUV4MPEG2 W${image.width} H${image.height} F10:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((image.width / 2) * (image.height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(image.luma), chroma]);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
