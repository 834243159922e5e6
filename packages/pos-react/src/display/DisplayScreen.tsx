import { useEffect, useState } from 'react';
import { DISPLAY_CHANNEL, type DisplayMessage } from './displayMessage';

/** The receipt's ticket ids as QR codes (PNG data URLs made in the page). */
function useQrCodes(ids: readonly string[]): readonly { id: string; url: string }[] {
  const [codes, setCodes] = useState<readonly { id: string; url: string }[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    let current = true;
    const list = key === '' ? [] : key.split(',');
    void import('qrcode').then(async ({ default: QRCode }) => {
      const made = await Promise.all(
        list.map(async (id) => ({
          id,
          url: await QRCode.toDataURL(id, { errorCorrectionLevel: 'M', scale: 6 }),
        })),
      );
      if (current) setCodes(made);
    });
    return () => {
      current = false;
    };
  }, [key]);
  return codes;
}

/**
 * `/display`, the customer-facing display, loaded lazily: opened on the till's second screen (same device), it
 * follows the till's sale over a BroadcastChannel: the lines with their discounts, the total, the tenders and the
 * change, then a thank-you with the receipt's QR codes. It holds nothing of the staff's screens and no link to them.
 */
export function DisplayScreen() {
  const [message, setMessage] = useState<DisplayMessage>({ kind: 'idle' });
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent<DisplayMessage | 'hello'>) => {
      if (event.data !== 'hello') setMessage(event.data);
    };
    channel.postMessage('hello');
    return () => channel.close();
  }, []);
  const codes = useQrCodes(message.kind === 'thanks' ? message.tickets : []);

  return (
    <main
      data-testid="display"
      className="flex min-h-dvh flex-col bg-slate-50 p-8 text-slate-900 dark:bg-slate-950 dark:text-slate-50"
    >
      {message.kind === 'sale' ? (
        <>
          <table className="w-full text-3xl">
            <thead>
              <tr className="text-left text-xl text-slate-500">
                <th className="py-2">Item</th>
                <th className="py-2 text-right">Qty</th>
                <th className="py-2 text-right">Price</th>
                <th className="py-2 text-right">Amount</th>
              </tr>
            </thead>
            <tbody>
              {message.lines.map((line) => (
                <tr
                  key={line.sku}
                  data-testid="display-line"
                  className="border-t border-slate-200 dark:border-slate-800"
                >
                  <td className="py-3">
                    {line.name}
                    {line.discount ? (
                      <span className="block text-xl text-green-700 dark:text-green-300">
                        {line.discount}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-3 text-right tabular-nums">{line.quantity}</td>
                  <td className="py-3 text-right tabular-nums">{line.unitPrice}</td>
                  <td className="py-3 text-right tabular-nums">{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-auto flex flex-col items-end gap-2 pt-8">
            {message.tenders.map((tender) => (
              <p key={tender.method} className="text-3xl tabular-nums">
                {tender.method} {tender.amount}
              </p>
            ))}
            {message.change !== null ? (
              <p data-testid="display-change" className="text-4xl tabular-nums">
                Change {message.change}
              </p>
            ) : null}
            <p data-testid="display-total" className="text-6xl font-bold tabular-nums">
              TOTAL {message.total}
            </p>
          </div>
        </>
      ) : message.kind === 'thanks' ? (
        <section data-testid="display-thanks" className="m-auto flex flex-col items-center gap-6 text-center">
          <p className="text-7xl font-bold">Thank you!</p>
          <p className="text-4xl tabular-nums">
            Paid {message.total} · Change {message.change}
          </p>
          <div className="flex flex-wrap justify-center gap-6">
            {codes.map((code) => (
              <figure key={code.id} className="flex flex-col items-center gap-2">
                <img
                  src={code.url}
                  alt={`QR code of pass ${code.id}`}
                  data-testid="display-qr"
                  className="h-48 w-48"
                />
                <figcaption className="font-mono text-xl">{code.id}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : (
        <p className="m-auto text-6xl font-bold text-slate-500">Welcome</p>
      )}
    </main>
  );
}
