import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sell, sellMembership, type TestMember } from './fixtures/sell';
import { fakeCameraArgs, launchBrowser, openApp } from './support/browser';
import { qrCodeFrame, writeY4m } from './support/fakeVideo';
import { MANAGER, signInToSales } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

const MEI: TestMember = {
  name: 'Mei Ling Tan',
  email: 'mei@example.com',
  phone: '123456780',
  dob: '02-03-1991',
};

let server: TestServer;
let relay: Server;
/** The paths the door relay was called with. */
const relayCalls: string[] = [];
let relayUrl = '';
let till: Browser;
let kioskBrowser: Browser;
let tillContext: BrowserContext;
let kioskContext: BrowserContext;
let kiosk: Page;
let videoDir = '';
let membershipId = '';
let dayPassId = '';

/** A staff token from the API (as a script would get one), for the lookups the test makes beside the browsers. */
async function staffToken(): Promise<string> {
  const signIn = await fetch(`${server.url}/v1/identity/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'cashier@demo.pos', password: 'demo1234' }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const login = await fetch(`${server.url}/v1/admin_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-host-name': 'E2E-CHECK' },
    body: JSON.stringify({ idToken }),
  });
  return ((await login.json()) as { userToken: string }).userToken;
}

/** A JSON POST with a staff token on E2E-CHECK. */
async function api<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-host-name': 'E2E-CHECK',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startTestServer();
  relay = createServer((request, response) => {
    relayCalls.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ison":true}');
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;

  // The till sells a membership to Mei and a day pass; her face is registered at the desk.
  till = await launchBrowser();
  const opened = await openApp(till, server.url);
  tillContext = opened.context;
  const page = opened.page;
  await signInToSales(page);
  await sellMembership(page, MEI);
  const invoice = await sell(page, 'DAY-ADULT', 1, 'guest@example.com');
  const token = await staffToken();
  const member = await api<{ tickets: { _id: string }[] }>(token, '/v1/lookup_membership', {
    email: MEI.email,
  });
  membershipId = member.tickets[0]?._id ?? '';
  const orders = await api<
    {
      invoice: { _id: string };
      tickets?: string[];
      order_details: { cart: { items: { ticket?: string[] }[] } };
    }[]
  >(token, '/v1/admin/get_orders', {
    origin: 'STORE',
    from: new Date(Date.now() - 86_400_000).toISOString(),
    search: invoice,
  });
  dayPassId = orders[0]?.order_details.cart.items[0]?.ticket?.[0] ?? '';
  const jpeg = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 120;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#16a34a';
      context.fillRect(0, 0, 120, 120);
    }
    return canvas.toDataURL('image/jpeg').split(',')[1] ?? '';
  });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(jpeg, 'base64')], { type: 'image/jpeg' }), `${membershipId}.jpg`);
  const faced = await fetch(`${server.url}/v2/register_face/${membershipId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-host-name': 'E2E-CHECK' },
    body: form,
  });
  expect(faced.status).toBe(200);

  // The kiosk's camera shows the QR code of Mei's pass; its door is the test's relay.
  videoDir = await mkdtemp(join(tmpdir(), 'pos-kiosk-video-'));
  const video = join(videoDir, 'pass.y4m');
  await writeY4m(video, qrCodeFrame(membershipId));
  kioskBrowser = await launchBrowser(fakeCameraArgs(video));
  const door = JSON.stringify({ url: `${relayUrl}/relay/0?turn=on&timer={seconds}`, seconds: 4 });
  const kioskOpened = await openApp(kioskBrowser, server.url);
  kioskContext = kioskOpened.context;
  kiosk = kioskOpened.page;
  await kioskContext.grantPermissions(['camera'], { origin: server.url });
  await kiosk.goto('/signin');
  await kiosk.evaluate((value) => window.localStorage.setItem('pos.doorRelay', value), door);
}, 240_000);

afterAll(async () => {
  await tillContext?.close();
  await kioskContext?.close();
  await till?.close();
  await kioskBrowser?.close();
  relay?.close();
  await server?.dispose();
  if (videoDir) await rm(videoDir, { recursive: true, force: true });
});

describe('self check-in kiosk', () => {
  it('sold the passes', () => {
    expect(membershipId).toMatch(/^T/);
    expect(dayPassId).toMatch(/^T/);
  });

  it('a manager signed in on the terminal starts kiosk mode: no staff sign-in after that', async () => {
    await signInToSales(kiosk, MANAGER);
    await kiosk.goto('/kiosk');
    await kiosk.getByRole('button', { name: 'Start kiosk mode' }).click();
    await kiosk.getByTestId('kiosk').waitFor();
    await kiosk.getByRole('heading', { name: 'Show the QR code of your pass, or type its ID' }).waitFor();
    const stored = await kiosk.evaluate(() => window.localStorage.getItem('pos.session'));
    expect(stored === null || !stored.includes('"token"')).toBe(true);
  });

  it("checks a member in by the QR code of her pass: 'Welcome, Mei' with her registered face photo, and the door opens", async () => {
    await kiosk.getByRole('button', { name: 'Scan QR code' }).click();
    const welcome = kiosk.getByTestId('kiosk-welcome');
    await welcome.waitFor({ timeout: 20_000 });
    expect(await welcome.innerText()).toContain('Welcome, Mei');
    const photo = kiosk.getByTestId('kiosk-photo');
    await photo.waitFor();
    expect(await photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
    await kiosk.screenshot({ path: join(SCREENSHOTS, 'kiosk-welcome.png') });
    await expect.poll(() => relayCalls.length).toBeGreaterThanOrEqual(1);
    expect(relayCalls[0]).toBe('/relay/0?turn=on&timer=4');
  });

  it("checks a pass in by its typed ID, then refuses it in the gate's words: 'Ticket is Fully Used'", async () => {
    await kiosk.getByLabel('Pass ID').waitFor({ timeout: 15_000 });
    await kiosk.getByRole('button', { name: 'Hide camera' }).click();
    const doorCalls = relayCalls.length;
    await kiosk.getByLabel('Pass ID').fill(dayPassId);
    await kiosk.getByLabel('Pass ID').press('Enter');
    await kiosk.getByTestId('kiosk-welcome').waitFor();
    await expect.poll(() => relayCalls.length).toBe(doorCalls + 1);
    await kiosk.getByLabel('Pass ID').waitFor({ timeout: 15_000 });
    await kiosk.getByLabel('Pass ID').fill(dayPassId);
    await kiosk.getByLabel('Pass ID').press('Enter');
    const refused = kiosk.getByTestId('kiosk-refused');
    await refused.waitFor();
    expect(await refused.innerText()).toBe('Ticket is Fully Used');
    await kiosk.screenshot({ path: join(SCREENSHOTS, 'kiosk-refused.png') });
    expect(relayCalls.length).toBe(doorCalls + 1);
  });

  it("refuses an expired pass saying since when: 'Expired on DD-MM-YYYY'", async () => {
    // Mei's membership ran out two days ago (as `pos` would see it after its month).
    const expiry = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''));
    const before = db
      .prepare('select valid_from, expires_at from tickets where id = ?')
      .get(membershipId) as {
      valid_from: string;
      expires_at: string;
    };
    try {
      db.prepare('update tickets set valid_from = ?, expires_at = ? where id = ?').run(
        new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString(),
        expiry,
        membershipId,
      );
      await kiosk.getByLabel('Pass ID').waitFor({ timeout: 15_000 });
      await kiosk.getByLabel('Pass ID').fill(membershipId);
      await kiosk.getByLabel('Pass ID').press('Enter');
      const refused = kiosk.getByTestId('kiosk-refused');
      await refused.waitFor();
      expect(await refused.innerText()).toBe(
        `Expired on ${formatVenueDateTime(expiry, 'Asia/Kuala_Lumpur').slice(0, 10)}`,
      );
    } finally {
      db.prepare('update tickets set valid_from = ?, expires_at = ? where id = ?').run(
        before.valid_from,
        before.expires_at,
        membershipId,
      );
      db.close();
    }
  });

  it('cannot reach sales or orders: every address leads back to the kiosk', async () => {
    for (const path of ['/main', '/orders', '/payment', '/signin']) {
      await kiosk.goto(path);
      await kiosk.waitForURL('**/kiosk');
      await kiosk.getByTestId('kiosk').waitFor();
      expect(await kiosk.getByRole('button', { name: 'Payment' }).count()).toBe(0);
    }
  });

  it("leaves kiosk mode only with a manager's PIN", async () => {
    await kiosk.getByRole('button', { name: 'Staff' }).click();
    const exit = kiosk.getByTestId('kiosk-exit');
    await exit.waitFor();
    await exit.getByLabel('Manager').selectOption({ label: MANAGER.name });
    await exit.getByLabel('PIN').fill('0000');
    await exit.getByRole('button', { name: 'End kiosk mode' }).click();
    await exit.getByText('Incorrect PIN').waitFor();
    await exit.getByLabel('PIN').fill(MANAGER.pin);
    await exit.getByRole('button', { name: 'End kiosk mode' }).click();
    await kiosk.waitForURL('**/signin');
  });
});
