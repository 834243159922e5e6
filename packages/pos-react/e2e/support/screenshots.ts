import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './server';

/**
 * Where the e2e tests save their pictures. `npm run screenshots` (POS_SCREENSHOTS=1) writes the ones
 * docs/ui.md, docs/hardware.md and the README show; `npm test` takes the same pictures into a temporary
 * folder, so the screens are still drawn and the work tree stays clean.
 */
export const SCREENSHOTS =
  process.env.POS_SCREENSHOTS === '1'
    ? join(REPO_ROOT, 'docs/screenshots')
    : mkdtempSync(join(tmpdir(), 'pos-screenshots-'));
mkdirSync(SCREENSHOTS, { recursive: true });

/** Toasts are left out of the screenshots. */
export const HIDE_TOASTS = '[data-testid="toast"] { visibility: hidden !important; }';
