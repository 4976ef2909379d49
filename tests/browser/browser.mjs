// Opens a local HTML file in headless Chromium (Debian's /usr/bin/chromium
// or $CHROMIUM, no network) for the checks of this directory, and records
// every request that is not the file itself and every script error.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const fail = (message) => { console.log('FAIL: ' + message); process.exitCode = 1; };
export const ok = (message) => console.log('ok: ' + message);

// Runs check(page, requests, errors) on the opened file, then closes all.
export async function withPage(file, check) {
  // The profile directory is Chromium's --user-data-dir.
  const profile = mkdtempSync(join(tmpdir(), 'ampcheck-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const requests = [];
    page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('file://' + resolve(file));
    await check(page, requests, errors);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
