import type { Locator, Page } from 'playwright-core';
import { vi } from 'vitest';

/** The demo cashier (the demo data's seed, `seedDemo` of pos-server). */
export const CASHIER = { email: 'cashier@demo.pos', password: 'demo1234', name: 'Ana Cashier', pin: '1111' };
/** The demo manager, the discount approver. */
export const MANAGER = { email: 'manager@demo.pos', password: 'demo1234', name: 'Max Manager', pin: '2222' };

/** The toasts now on screen whose text contains `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** Waits for a toast with `text` to show. */
export async function expectToast(page: Page, text: string | RegExp): Promise<Locator> {
  const found = toast(page, text).first();
  await found.waitFor({ state: 'visible' });
  return found;
}

/** An open dialog by its title (`alertdialog` for a yes/no question). */
export function dialog(
  page: Page,
  title: string | RegExp,
  role: 'dialog' | 'alertdialog' = 'dialog',
): Locator {
  return page.getByRole(role, { name: title });
}

/** An element's text colour as sRGB `[r, g, b]` (Tailwind 4 colours are oklch; a canvas converts them). */
export async function textColour(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return [0, 0, 0] as [number, number, number];
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

/** Fills the sign-in form and presses Sign In. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in from /signin and lands on the sales screen with a shift that has a float: when the
 * 'New Shift' dialog shows, sets `float` (the SDK prints a float slip).
 */
export async function signInToSales(page: Page, user = CASHIER, float = '100'): Promise<void> {
  await page.goto('/signin');
  const shiftStarted = page.waitForResponse((answer) => answer.url().endsWith('/v1/admin/start_shift'));
  await submitSignIn(page, user.email, user.password);
  await page.waitForURL('**/main');
  await shiftStarted;
  const newShift = dialog(page, 'New Shift');
  // The dialog opens on the next render after the shift answer.
  await page.waitForTimeout(200);
  if (await newShift.isVisible()) {
    await newShift.getByLabel('Float').fill(float);
    await newShift.getByRole('button', { name: 'Set Float' }).click();
    await newShift.waitFor({ state: 'detached' });
  }
}

/** The tile of a variant. */
export function tile(page: Page, sku: string): Locator {
  return page.locator(`[data-testid="tile"][data-sku="${sku}"]`);
}

/** Taps a tile and confirms the quantity dialog with `quantity` (Enter). */
export async function addTile(page: Page, sku: string, quantity?: number): Promise<void> {
  const kind = sku.startsWith('GRIP') || sku.startsWith('BOTTLE') ? 'Merchandise' : 'Entry Pass';
  await page.getByRole('tab', { name: kind }).click();
  await tile(page, sku).click();
  const quantityDialog = dialog(page, 'Quantity');
  const field = quantityDialog.getByLabel('Quantity');
  await field.waitFor();
  if (quantity !== undefined) await field.fill(String(quantity));
  await field.press('Enter');
}

/** A cart line by sku. */
export function cartLine(page: Page, sku: string): Locator {
  return page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`);
}

/** The TOTAL as shown ('RM 103.20'). */
export async function totalText(page: Page): Promise<string> {
  return (await page.getByTestId('total').innerText()).trim();
}

/** Waits until the TOTAL shows `expected`. */
export async function expectTotal(page: Page, expected: string): Promise<void> {
  await vi.waitFor(async () => {
    const shown = await totalText(page);
    if (shown !== expected) throw new Error(`TOTAL is ${shown}, expected ${expected}`);
  });
}

/** The element that has the keyboard focus: its accessible label or text. */
export async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return (labelled ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });
}

/** The text of the last document the print view printed (the hidden print frame). */
export async function printedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const frame = document.getElementById('pos-print-view') as HTMLIFrameElement | null;
    return frame?.contentDocument?.body?.innerText ?? '';
  });
}
