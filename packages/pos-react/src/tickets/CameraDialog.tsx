import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useTickets } from '../hooks/useTickets';
import { CAPTURE_SIZE, captureJpeg, PREVIEW_SIZE } from './captureJpeg';
import { useCameraStream } from './useCameraStream';
import { useObjectUrl } from './useObjectUrl';

/** Props of {@link CameraDialog}. */
export interface CameraDialogProps {
  readonly open: boolean;
  /** The pass the face is registered for (shown under the title). */
  readonly ticketId: string;
  readonly onClose: () => void;
}

/**
 * The camera capture dialog (spec sections 2 and 9): the live camera (1280x720) in a 946x562 preview,
 * Capture takes a JPEG at quality 1, then Retake or Register (`tickets.registerFace`: 'Photo
 * successfully registered'; on failure the SDK shows the server's message for 5 s and clears the
 * photo, so the live camera comes back). Wider than the other dialogs so the preview fits; styled
 * like `PosDialog`.
 */
export function CameraDialog({ open, ticketId, onClose }: CameraDialogProps) {
  const pos = usePos();
  const { capturedPhoto, registering } = useTickets();
  const { stream, error } = useCameraStream(open);
  const video = useRef<HTMLVideoElement>(null);
  const [capturing, setCapturing] = useState(false);
  /** The video shows frames (its `playing` event): only then is there a picture to capture. */
  const [isPlaying, setPlaying] = useState(false);
  const photoUrl = useObjectUrl(capturedPhoto);
  const register = usePosAction(() => pos.tickets.registerFace());

  const titleId = useId();
  const descriptionId = useId();
  const captureButton = useRef<HTMLButtonElement>(null);
  const registerButton = useRef<HTMLButtonElement>(null);
  const hasPhoto = capturedPhoto !== null;

  useEffect(() => {
    setPlaying(false);
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  // Keyboard flow: Enter captures once the camera runs, then Enter registers the photo.
  useEffect(() => {
    if (hasPhoto) registerButton.current?.focus();
    else if (isPlaying) captureButton.current?.focus();
  }, [isPlaying, hasPhoto]);

  // Each opening starts with no photo.
  useEffect(() => {
    if (open) pos.tickets.setCapturedPhoto(null);
  }, [open, pos]);

  const close = () => {
    if (registering) return;
    pos.tickets.setCapturedPhoto(null);
    onClose();
  };

  const capture = async () => {
    const source = video.current;
    if (!source || !stream || !isPlaying) return;
    setCapturing(true);
    try {
      pos.tickets.setCapturedPhoto(await captureJpeg(source));
    } catch (failure) {
      pos.notices.push({
        kind: 'error',
        message: failure instanceof Error ? failure.message : String(failure),
      });
    } finally {
      setCapturing(false);
    }
  };

  const submit = async () => {
    const updated = await register.run();
    if (updated) close();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="fixed inset-0 z-50"
      backdropClassName="fixed inset-0 bg-slate-950/60 backdrop-blur-[1px]"
      frameClassName="fixed inset-0 flex items-end justify-center overflow-y-auto p-2 sm:items-center sm:p-4"
      panelClassName="w-full max-w-[62rem] max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-2xl bg-white p-5 text-slate-900 shadow-2xl ring-1 ring-slate-900/5 sm:p-6 dark:bg-slate-900 dark:text-slate-100 dark:ring-white/10"
      panelProps={{ 'data-testid': 'camera-dialog' }}
    >
      <h2 id={titleId} className="text-xl font-bold">
        Register Face
      </h2>
      <p id={descriptionId} className="mt-1 text-base text-slate-600 dark:text-slate-300">
        Pass <span className="font-mono font-semibold">{ticketId}</span>: ask the member to look at the
        camera.
      </p>

      <div
        className="relative mx-auto mt-4 w-full overflow-hidden rounded-xl bg-slate-950"
        style={{
          maxWidth: PREVIEW_SIZE.width,
          aspectRatio: `${PREVIEW_SIZE.width} / ${PREVIEW_SIZE.height}`,
        }}
      >
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          width={CAPTURE_SIZE.width}
          height={CAPTURE_SIZE.height}
          aria-label="Camera preview"
          onPlaying={() => setPlaying(true)}
          data-testid="camera-video"
          className={`absolute inset-0 size-full object-cover ${hasPhoto ? 'invisible' : ''}`}
        />
        {hasPhoto && photoUrl ? (
          <img
            src={photoUrl}
            alt="Captured face"
            data-testid="captured-photo"
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        {!stream && !hasPhoto ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center text-slate-100">
            {error ? (
              <>
                <Icon name="alert" className="size-8 text-amber-300" />
                <p role="alert" className="font-semibold">
                  {error}
                </p>
              </>
            ) : (
              <p className="flex items-center gap-2">
                <Spinner /> Starting the camera…
              </p>
            )}
          </div>
        ) : null}
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={registering} className="sm:mr-auto sm:min-w-28">
          Cancel
        </Button>
        {hasPhoto ? (
          <>
            <Button
              icon="renew"
              onClick={() => pos.tickets.setCapturedPhoto(null)}
              disabled={registering}
              className="sm:min-w-32"
            >
              Retake
            </Button>
            <Button
              ref={registerButton}
              variant="primary"
              icon="check"
              loading={registering}
              onClick={() => void submit()}
              className="sm:min-w-32"
              data-autofocus
            >
              Register
            </Button>
          </>
        ) : (
          <Button
            ref={captureButton}
            variant="primary"
            icon="user"
            loading={capturing}
            disabled={!stream || !isPlaying}
            onClick={() => void capture()}
            className="sm:min-w-32"
            data-autofocus
          >
            Capture
          </Button>
        )}
      </div>
    </Modal>
  );
}
