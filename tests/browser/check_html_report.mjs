// Opens an HTML inventory in headless Chromium, checks that it renders
// without network, that the call graph is laid out with labelled edges and
// that a table sorts on click, and saves a screenshot.
//   node check_html_report.mjs REPORT.html SCREENSHOT.png
// Prints "ok: ..." lines; exits 1 with "FAIL: ..." on the first failure.
import { fail, ok, withPage } from './browser.mjs';

const [report, screenshot] = process.argv.slice(2);

await withPage(report, async (page, requests, errors) => {
  const title = await page.title();
  if (title !== 'ampcheck fleet inventory') fail('title is ' + title);
  else ok('rendered "' + title + '"');
  await page.waitForSelector('#call-graph[data-layout="dagre"]', { timeout: 30000 });
  if (requests.length) fail('network requests: ' + requests.join(', '));
  if (errors.length) fail('script errors: ' + errors.join('; '));

  const edges = await page.locator('#call-graph path.edge').count();
  const hot = await page.locator('#call-graph path.edge.hot').count();
  const labels = await page.locator('#call-graph text.label').allTextContents();
  const box = await page.locator('#call-graph').boundingBox();
  if (!edges || !hot || !box || box.width < 200) fail(`graph: ${edges} edges, ${hot} highlighted`);
  else ok(`graph has ${edges} edges, ${hot} highlighted, labels ${labels.join(' ')}`);

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
  else ok('services sorted by worst inbound, descending: ' + inbound.join(' '));
  await page.locator('#services th', { hasText: /^service$/ }).click();
  const names = await column('services', 0);
  const byName = [...names].sort((a, b) => a.localeCompare(b));
  if (JSON.stringify(names) !== JSON.stringify(byName)) fail('names not sorted: ' + names);
  else ok('services sorted by name: ' + names.join(' '));

  await page.screenshot({ path: screenshot, fullPage: true });
  ok('screenshot ' + screenshot);
});
