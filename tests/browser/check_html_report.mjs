// Opens an HTML inventory in headless Chromium (Debian's /usr/bin/chromium,
// no network), checks that it renders, that a table sorts on click and that
// the call graph is drawn with labelled edges, and saves a screenshot.
//   node check_html_report.mjs REPORT.html SCREENSHOT.png
// Prints "ok: ..." lines; exits 1 with "FAIL: ..." on the first failure.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [report, screenshot] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), 'ampcheck-chromium-'));
const fail = (message) => { console.log('FAIL: ' + message); process.exitCode = 1; };

// The profile directory is Chromium's --user-data-dir.
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
  await page.goto('file://' + resolve(report));

  const title = await page.title();
  if (title !== 'ampcheck fleet inventory') fail('title is ' + title);
  else console.log('ok: rendered "' + title + '"');
  if (requests.length) fail('network requests: ' + requests.join(', '));
  if (errors.length) fail('script errors: ' + errors.join('; '));

  const edges = await page.locator('#call-graph path.edge').count();
  const hot = await page.locator('#call-graph path.edge.hot').count();
  const labels = await page.locator('#call-graph text').allTextContents();
  const box = await page.locator('#call-graph').boundingBox();
  if (!edges || !hot || !box || box.width < 200) fail(`graph: ${edges} edges, ${hot} highlighted`);
  else console.log(`ok: graph has ${edges} edges, ${hot} highlighted, labels ${labels.filter((t) => t.startsWith('x')).join(' ')}`);

  // Sort the services by worst inbound tries: descending after two clicks.
  const column = async (table, index) => page.$$eval(
      `#${table} tbody tr`, (rows, i) => rows.map((r) => r.cells[i].textContent), index);
  const header = page.locator('#services th', { hasText: 'worst inbound' });
  await header.click();
  await header.click();
  const inbound = await page.$$eval('#services tbody tr', (rows) =>
      rows.map((r) => parseFloat(r.cells[5].getAttribute('data-v'))));
  const sorted = [...inbound].sort((a, b) => b - a);
  if (JSON.stringify(inbound) !== JSON.stringify(sorted)) fail('not sorted: ' + inbound);
  else console.log('ok: services sorted by worst inbound, descending: ' + inbound.join(' '));
  await page.locator('#services th', { hasText: /^service$/ }).click();
  const names = await column('services', 0);
  const byName = [...names].sort((a, b) => a.localeCompare(b));
  if (JSON.stringify(names) !== JSON.stringify(byName)) fail('names not sorted: ' + names);
  else console.log('ok: services sorted by name: ' + names.join(' '));

  await page.screenshot({ path: screenshot, fullPage: true });
  console.log('ok: screenshot ' + screenshot);
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
