import { SCAN_MESSAGES, scannedCode } from 'pos-sdk/messages';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../components/Spinner';
import { useCameraStream } from '../tickets/useCameraStream';
import { type CodeReader, createCodeReader, type ScanFormat } from './barcodeDetector';

/** Props of {@link CameraScanner}. */
export interface CameraScannerProps {
  /** What to look for: `qr_code` (passes) or `ean_13` and `code_128` (products). */
  readonly formats: readonly ScanFormat[];
  /** A code was read: the same path as typing it and pressing Enter. */
  readonly onDetected: (code: string) => void;
}

/** How often a frame is read: often enough to feel instant, rare enough to leave the till's CPU alone. */
const READ_EVERY_MS = 150;
/** The same code seen again within this time is the same scan (the code is still in front of the camera). */
const SAME_CODE_MS = 2500;

/**
 * The live camera with a code reader on it (Check Pass and Scan Product, "Scan with camera"): every frame or so
 * it reads the codes in view with the `BarcodeDetector` API and hands each new one to `onDetected`. The camera
 * stops when the scanner unmounts.
 */
export function CameraScanner({ formats, onDetected }: CameraScannerProps) {
  const { stream, error } = useCameraStream(true);
  const video = useRef<HTMLVideoElement>(null);
  const [reader, setReader] = useState<CodeReader | null>(null);
  const [readerError, setReaderError] = useState('');
  const [lastCode, setLastCode] = useState('');
  const detected = useRef(onDetected);
  detected.current = onDetected;
  const formatKey = formats.join(',');

  useEffect(() => {
    let current = true;
    createCodeReader(formatKey.split(',') as ScanFormat[]).then(
      (created) => {
        if (current) setReader(created);
      },
      () => {
        if (current) setReaderError(SCAN_MESSAGES.scannerUnavailable);
      },
    );
    return () => {
      current = false;
    };
  }, [formatKey]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (!reader || !stream) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seen = { code: '', at: 0 };
    const tick = async () => {
      const source = video.current;
      if (stopped) return;
      if (source && source.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          const [code] = await reader.read(source);
          const now = Date.now();
          if (!stopped && code && (code !== seen.code || now - seen.at > SAME_CODE_MS)) {
            setLastCode(code);
            detected.current(code);
          }
          if (code) Object.assign(seen, { code, at: now });
        } catch {
          // A frame that cannot be read (camera still warming up): try the next one.
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), READ_EVERY_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reader, stream]);

  const problem = error || readerError;
  return (
    <div className="flex flex-col gap-2" data-testid="camera-scanner">
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={video}
          autoPlay
          muted
          playsInline
          className="h-full w-full object-cover"
          aria-label={SCAN_MESSAGES.pointCamera}
        />
        {!problem && (!stream || !reader) ? (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-slate-100">
            <Spinner /> {SCAN_MESSAGES.startingCamera}
          </div>
        ) : null}
        <div className="pointer-events-none absolute inset-[18%] rounded-lg border-2 border-white/80" />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300" role="status" aria-live="polite">
        {problem || (lastCode ? scannedCode(lastCode) : SCAN_MESSAGES.pointCamera)}
      </p>
    </div>
  );
}
