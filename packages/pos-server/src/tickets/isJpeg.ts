/** Does the data start like a JPEG file (the SOI marker FF D8 followed by a marker's FF)? */
export function isJpeg(data: Uint8Array): boolean {
  return data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
}
