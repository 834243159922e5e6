import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from 'pos-sdk/contract';
import { createDocumentHeader } from 'pos-sdk/receipt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPrinterDriver } from './docs/driver';

// docs/sdk.md's driver sample against a capture printer: an HTTP server that keeps each request's bytes.
let server: Server;
let url: string;
const jobs: Buffer[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      response.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/print`;
});

afterAll(() => {
  server.close();
});

const ORDER: Order = {
  _id: 'order-1',
  date: '2026-11-22T01:30:05.000Z',
  status: 'PAID',
  total_amount: 49,
  currency: 'MYR',
  invoice: { _id: 'STORE-000001' },
  order_details: {
    customer: { email: 'zoë@example.com' },
    cart: {
      items: [
        {
          sku: 'DAY-ADULT',
          name: 'Day Pass für Zoë 王',
          category: 'Day Pass',
          group: 'Adult',
          quantity: 1,
          min_qty: 1,
          usage_limit: 1,
          type: 'PASS',
          price: { value: 49, currency: 'MYR' },
          amount: 49,
        },
      ],
      subtotal: 49,
      discount: 0,
    },
  },
  payment: { methods: [{ type: 'CASH', amount: 49 }], change: 0 },
  tickets: [],
  notes: [],
} as unknown as Order;

describe('docs/sdk.md driver sample', () => {
  it('sends the drawer kick as the bytes 1B 70 00 19 FA, not as UTF-8 text', async () => {
    await createHttpPrinterDriver(url).openDrawer();
    expect([...(jobs.at(-1) ?? [])]).toEqual([0x1b, 0x40, 0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });

  it('prints in code page 858, transliterating what it lacks, never "?"', async () => {
    const header = createDocumentHeader({ venueName: 'Café Zoë', now: new Date('2026-11-22T02:00:00Z') });
    await createHttpPrinterDriver(url).print({ kind: 'reprint', header, order: ORDER });
    const job = jobs.at(-1) ?? Buffer.alloc(0);
    expect([...job.subarray(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
    const text = job.toString('latin1');
    expect(text).toContain('Caf\u0082 Zo\u0089'); // é and ë in code page 858
    expect(text).toContain('Day Pass f\u0081r Zo\u0089 Wang');
    expect(text).not.toContain('?');
  });
});
