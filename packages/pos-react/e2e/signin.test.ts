import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, openApp, PHONE_VIEWPORT } from './support/browser';
import {
  CASHIER,
  dialog,
  expectToast,
  focusedLabel,
  printedText,
  signInToSales,
  submitSignIn,
} from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const pathOf = (current: Page) => new URL(current.url()).pathname;

describe('sign-in and routes', () => {
  it('sends a signed-out visitor to /signin, remembering the origin', async () => {
    await page.goto('/orders');
    await page.waitForURL('**/signin');
    expect(pathOf(page)).toBe('/signin');
    // The form comes with its own code (loaded when shown), the focus in Email.
    await page.getByLabel('Email').waitFor();
    expect(await focusedLabel(page)).toBe('Email');
  });

  it("shows 'The input is not valid E-mail!' and 'Please input your Password!' for an empty form", async () => {
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('The input is not valid E-mail!').waitFor();
    await page.getByText('Please input your Password!').waitFor();
    await expectAccessible(page);
  });

  it('shows the authentication alert message as an error toast for a wrong password', async () => {
    await submitSignIn(page, CASHIER.email, 'wrong-password');
    const alert = await expectToast(page, /./);
    expect(await alert.getAttribute('data-kind')).toBe('error');
    expect(pathOf(page)).toBe('/signin');
  });

  it('signs in and goes on to the remembered origin', async () => {
    await submitSignIn(page, CASHIER.email, CASHIER.password);
    await page.waitForURL('**/orders');
    await page.getByRole('button', { name: /Ana Cashier/ }).waitFor();
  });

  it("sends a signed-in user from / and /signin to /main, where the 'New Shift' dialog asks for the float", async () => {
    await page.goto('/');
    await page.waitForURL('**/main');
    const newShift = dialog(page, 'New Shift');
    await newShift.waitFor();
    expect(await focusedLabel(page)).toBe('Float');
    await expectAccessible(page);
    await page.goto('/signin');
    await page.waitForURL('**/main');
  });

  it("signs out when the 'New Shift' dialog is cancelled, landing on / then /signin", async () => {
    const newShift = dialog(page, 'New Shift');
    await newShift.waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('pos.session'))).toBeNull();
  });

  it("checks the float ('Please enter 0 if empty', 'Value can be 0 or positive number up to 2 decimals') and prints a float slip", async () => {
    await submitSignIn(page, CASHIER.email, CASHIER.password);
    const newShift = dialog(page, 'New Shift');
    await newShift.waitFor();
    await newShift.getByRole('button', { name: 'Set Float' }).click();
    await newShift.getByText('Please enter 0 if empty').waitFor();
    await newShift.getByLabel('Float').fill('12.345');
    await newShift.getByLabel('Float').press('Enter');
    await newShift.getByText('Value can be 0 or positive number up to 2 decimals').waitFor();
    await newShift.getByLabel('Float').fill('150');
    await newShift.getByLabel('Float').press('Enter');
    await newShift.waitFor({ state: 'detached' });
    expect(await printedText(page)).toMatch(/150\.00/);
  });

  it('keeps the session over a reload', async () => {
    await page.reload();
    await page.getByRole('button', { name: /Ana Cashier/ }).waitFor();
    expect(pathOf(page)).toBe('/main');
    expect(await dialog(page, 'New Shift').count()).toBe(0);
  });

  it('shows a not-found page with a way home for any other path', async () => {
    await page.goto('/no-such-page');
    await page.getByText('Oops, an error has occurred. Page not found!').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL('**/main');
  });

  it('shows My Account from the user menu, and Logout lands on / then /signin', async () => {
    await page.getByRole('button', { name: /Ana Cashier/ }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    const account = dialog(page, 'My Account');
    await account.getByText(CASHIER.email).waitFor();
    await page.keyboard.press('Escape');
    await account.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Ana Cashier/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/signin');
  });

  it('signs out on a 403 answer', async () => {
    await signInToSales(page);
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('pos.session') ?? '{}') as { token?: string };
      localStorage.setItem('pos.session', JSON.stringify({ ...session, token: 'forged-token' }));
    });
    await page.reload();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('pos.session'))).toBeNull();
  });
});

describe('URL options and the drawer', () => {
  it('applies theme, nav-style and layout-type from the query string and keeps them', async () => {
    await signInToSales(page);
    await page.goto('/main?theme=dark&nav-style=mini&layout-type=boxed');
    await page.getByRole('button', { name: 'Payment' }).waitFor();
    const html = () =>
      page.evaluate(() => ({
        dark: document.documentElement.classList.contains('dark'),
        nav: document.documentElement.dataset.navStyle,
        layout: document.documentElement.dataset.layoutType,
      }));
    expect(await html()).toEqual({ dark: true, nav: 'mini', layout: 'boxed' });
    await expectAccessible(page);
    await page.goto('/no-such-page');
    expect(await html()).toEqual({ dark: true, nav: 'mini', layout: 'boxed' });
    await page.goto('/main?theme=light&nav-style=fixed&layout-type=framed');
    await page.getByRole('button', { name: 'Payment' }).waitFor();
    expect(await html()).toEqual({ dark: false, nav: 'fixed', layout: 'framed' });
    await page.goto('/main?layout-type=full');
  });

  it('folds the navigation into a drawer below 992 px', async () => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto('/main');
    const openNavigation = page.getByRole('button', { name: 'Open navigation' });
    await openNavigation.waitFor();
    expect(await page.getByRole('link', { name: 'Main Page' }).count()).toBe(0);
    await openNavigation.click();
    await page.getByRole('link', { name: 'Main Page' }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Main Page' }).waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Main Page' }).waitFor();
  });
});
