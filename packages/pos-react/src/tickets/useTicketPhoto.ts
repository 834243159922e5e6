import { useEffect, useState } from 'react';
import { usePos } from '../hooks/usePos';
import { useObjectUrl } from './useObjectUrl';

/**
 * The registered face photo of a ticket as an object URL (`pos.tickets.photo(id)`), or `null` while
 * none is known (`registeredAt` null: no photo registered). Fetched again when `registeredAt` changes (a new registration); the URL is revoked
 * when it is replaced or the component unmounts.
 */
export function useTicketPhoto(ticketId: string | null, registeredAt: string | null): string | null {
  const pos = usePos();
  const [photo, setPhoto] = useState<Blob | null>(null);
  useEffect(() => {
    setPhoto(null);
    if (ticketId === null || registeredAt === null) return;
    let current = true;
    pos.tickets.photo(ticketId).then(
      (blob) => {
        if (current) setPhoto(blob);
      },
      () => {
        // Toasted by the SDK.
      },
    );
    return () => {
      current = false;
    };
  }, [pos, ticketId, registeredAt]);
  return useObjectUrl(photo);
}
