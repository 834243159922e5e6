#!/usr/bin/env node
// Renders the web app manifest's PNG icons from public/icon.svg with Debian's Chromium (or CHROMIUM_PATH):
// icon-192.png and icon-512.png (the rounded icon) and icon-maskable-512.png (full bleed, the mark inside the
// maskable safe zone). The PNGs are committed; run this again only when the icon changes:
//
//   node packages/pos-react/scripts/renderIcons.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = await readFile(`${publicDir}icon.svg`, 'utf8');
// Full bleed: the background fills the square; the mark shrinks to 70% so it stays in the safe zone.
const maskable = svg
  .replace(' rx="8"', '')
  .replace('<text ', '<text transform="translate(16 16) scale(0.7) translate(-16 -16)" ');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const [name, source, size] of [
    ['icon-192.png', svg, 192],
    ['icon-512.png', svg, 512],
    ['icon-maskable-512.png', maskable, 512],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    await page.screenshot({ path: `${publicDir}${name}`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
