import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sell } from './fixtures/sell';
import { launchBrowser, openApp } from './support/browser';
import { dialog, expectToast, signInToSales } from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let relay: Server;
const relayCalls: string[] = [];
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ticketId = '';

beforeAll(async () => {
  server = await startTestServer();
  relay = createServer((request, response) => {
    relayCalls.push(request.url ?? '');
    response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  ({ context, page } = await openApp(browser, server.url));
  // The desk's door relay (docs/hardware.md): set on the device before the app starts.
  await page.goto('/signin');
  await page.evaluate(
    (url) => window.localStorage.setItem('pos.doorRelay', JSON.stringify({ url, seconds: 3 })),
    `${relayUrl}/relay/0?turn=on&timer={seconds}`,
  );
  await page.reload();
  await signInToSales(page);
  const invoice = await sell(page, 'DAY-ADULT', 1, 'door@example.com');
  const orders = await page.evaluate(
    async ({ search }) => {
      const session = JSON.parse(window.localStorage.getItem('pos.session') ?? '{}') as { token?: string };
      const response = await fetch('/v1/admin/get_orders', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${session.token}`,
          'x-host-name': 'TICKET01',
        },
        body: JSON.stringify({
          origin: 'STORE',
          from: new Date(Date.now() - 86_400_000).toISOString(),
          search,
        }),
      });
      return (await response.json()) as { order_details: { cart: { items: { ticket?: string[] }[] } } }[];
    },
    { search: invoice },
  );
  ticketId = orders[0]?.order_details.cart.items[0]?.ticket?.[0] ?? '';
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  relay?.close();
  await server?.dispose();
});

describe("the desk's Redeem: the door opens, and 'Undo entry' annuls the entry", () => {
  it('redeems, opens the door, and undoes the entry within the window', async () => {
    expect(ticketId).toMatch(/^T/);
    await page.getByRole('button', { name: 'Check Pass' }).click();
    const scan = dialog(page, MESSAGES.scanPass);
    await scan.getByLabel('Pass ID').fill(ticketId);
    await scan.getByLabel('Pass ID').press('Enter');
    const detail = page.getByTestId('ticket-dialog');
    await detail.getByTestId('ticket-status').waitFor();
    await detail.getByRole('button', { name: 'Redeem' }).click();
    await expectToast(page, MESSAGES.ticketRedeemed);
    await vi.waitFor(async () =>
      expect(await detail.getByTestId('ticket-status').innerText()).toBe('Fully Used'),
    );
    await vi.waitFor(() => expect(relayCalls).toEqual(['/relay/0?turn=on&timer=3']));

    await detail.getByTestId('undo-entry').click();
    await expectToast(page, 'Entry undone');
    await vi.waitFor(async () =>
      expect(await detail.getByTestId('ticket-status').innerText()).toBe('Active'),
    );
    expect(await detail.getByTestId('undo-entry').count()).toBe(0);
    expect(await detail.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(false);
  });
});
