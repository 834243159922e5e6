import { useEffect, useState } from 'react';

/**
 * An object URL for a blob (an `<img>` source), created when the blob changes and revoked when it
 * changes again or the component unmounts. Bytes are wrapped as a JPEG blob.
 *
 * @example const src = useObjectUrl(capturedPhoto);
 */
export function useObjectUrl(data: Blob | Uint8Array | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (data === null) {
      setUrl(null);
      return;
    }
    const blob =
      data instanceof Blob ? data : new Blob([data as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [data]);
  return url;
}
