import { afterPageLoad } from '../pos/afterPageLoad';

/**
 * Registers the service worker (`/sw.js`, made by the build with Workbox: vite.config.ts) once the
 * page has loaded, so the app shell and its assets are downloaded into its cache after the first
 * paint, not with it. From then on the UI opens without the server (docs/ui.md, "Working offline").
 * Not in development (`npm run dev` has no service worker), nor where the browser has none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterPageLoad(() => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('No service worker: the UI needs the server to load', error);
    });
  });
}
