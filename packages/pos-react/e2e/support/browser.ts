import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); override with `CHROMIUM_PATH`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The counter terminal's screen. */
export const TERMINAL_VIEWPORT = { width: 1280, height: 800 } as const;

/** A phone, for the drawer layout. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** Launches headless Chromium with nothing running in the background; `extraArgs` add switches (a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Chromium's switches for a fake camera that needs no permission prompt; `video` is a Y4M or MJPEG file it shows. */
export function fakeCameraArgs(video?: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    ...(video === undefined ? [] : [`--use-file-for-fake-video-capture=${video}`]),
  ];
}

/** A fresh browser profile (empty localStorage) and a page on the app. */
export async function openApp(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; initScript?: () => void } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? TERMINAL_VIEWPORT,
    timezoneId: 'Asia/Kuala_Lumpur',
    locale: 'en-MY',
  });
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}
