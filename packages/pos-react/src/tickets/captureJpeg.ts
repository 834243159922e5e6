/** The size a face photo is captured at (spec section 9: 1280x720). */
export const CAPTURE_SIZE = { width: 1280, height: 720 } as const;

/** The size the camera preview is shown at (spec section 9: 946x562). */
export const PREVIEW_SIZE = { width: 946, height: 562 } as const;

/** JPEG quality of a capture (spec section 9: quality 1). */
const JPEG_QUALITY = 1;

/**
 * Takes the video's current frame as a 1280x720 JPEG at quality 1 (`canvas.toBlob(cb, 'image/jpeg', 1)`).
 *
 * @throws Error when the frame cannot be drawn or encoded.
 */
export function captureJpeg(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CAPTURE_SIZE.width;
  canvas.height = CAPTURE_SIZE.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('The photo could not be taken'));
  context.drawImage(video, 0, 0, CAPTURE_SIZE.width, CAPTURE_SIZE.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be taken'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
