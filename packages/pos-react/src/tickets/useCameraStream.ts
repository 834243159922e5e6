import { useEffect, useState } from 'react';
import { CAPTURE_SIZE } from './captureJpeg';

/** What {@link useCameraStream} returns. */
export interface CameraStream {
  /** The live camera, or `null` while starting, off or refused. */
  readonly stream: MediaStream | null;
  /** Why the camera could not start ('' when it did or has not tried). */
  readonly error: string;
}

/** A short reason a camera could not start. */
function cameraFailure(failure: unknown): string {
  if (failure instanceof DOMException) {
    if (failure.name === 'NotAllowedError') return 'Camera access was refused';
    if (failure.name === 'NotFoundError') return 'No camera was found';
    if (failure.name === 'NotReadableError') return 'The camera is in use by another program';
  }
  return 'The camera could not be started';
}

/**
 * The camera (video 1280x720, no audio) while `active`: started with `getUserMedia` when it turns
 * on, every track stopped when it turns off or the component unmounts.
 */
export function useCameraStream(active: boolean): CameraStream {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!active) return;
    let current = true;
    let started: MediaStream | null = null;
    setError('');
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('This browser has no camera access');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { width: { ideal: CAPTURE_SIZE.width }, height: { ideal: CAPTURE_SIZE.height } },
      })
      .then(
        (media) => {
          if (!current) {
            for (const track of media.getTracks()) track.stop();
            return;
          }
          started = media;
          setStream(media);
        },
        (failure: unknown) => {
          if (current) setError(cameraFailure(failure));
        },
      );
    return () => {
      current = false;
      if (started) for (const track of started.getTracks()) track.stop();
      setStream(null);
    };
  }, [active]);
  return { stream, error };
}
