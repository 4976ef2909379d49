// Checks the call graph of an HTML inventory in headless Chromium: dagre
// laid it out (every service at its own place, no two overlapping), every
// edge is labelled and the worst paths are red, zoom and pan change the
// view, and the filter dims the services that neither match nor neighbour
// a match, or hides them and lays out the rest anew. Saves
// PREFIX-start.png (the view on opening), PREFIX-whole.png (the graph
// fitted into view) and PREFIX-filtered.png (the filter's services alone).
//   node check_graph.mjs REPORT.html PREFIX FILTER
// Prints "ok: ..." lines, "FAIL: ..." on a failure (exit status 1).
import { fail, ok, withPage } from './browser.mjs';

const [report, prefix, filter] = process.argv.slice(2);
const transform = (page) => page.getAttribute('#graph-viewport', 'transform');
const scale = (t) => parseFloat(/scale\(([^)]+)\)/.exec(t)[1]);
const classCount = (page, cls) => page.locator(`#call-graph g.node.${cls}`).count();

// Each drawn service's box, in layout coordinates.
const nodeBoxes = (page) => page.$$eval('#call-graph g.node', (nodes) => nodes.map((n) => {
  const [x, y] = /translate\(([^,]+),([^)]+)\)/.exec(n.getAttribute('transform'))
      .slice(1).map(Number);
  const r = n.querySelector('rect');
  return { name: n.getAttribute('data-name'), x, y,
           w: Number(r.getAttribute('width')), h: Number(r.getAttribute('height')) };
}));

// What is wrong with a layout: positions missing, shared or overlapping.
function badLayout(boxes) {
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
        overlaps.push(a.name + '/' + b.name);
    }
  }
  const places = new Set(boxes.map((b) => b.x + ',' + b.y));
  if (!overlaps.length && places.size === boxes.length && !boxes.some((b) => isNaN(b.x + b.y)))
    return '';
  return `${places.size} places for ${boxes.length} nodes, overlaps ${overlaps.slice(0, 5)}`;
}

await withPage(report, async (page, requests, errors) => {
  await page.waitForSelector('#call-graph[data-layout="dagre"]', { timeout: 60000 });
  console.log(`layout and drawing: ${await page.getAttribute('#call-graph', 'data-layout-ms')} ms`);
  if (requests.length) fail('network requests: ' + requests.join(', '));
  if (errors.length) fail('script errors: ' + errors.join('; '));

  const boxes = await nodeBoxes(page);
  const bad = badLayout(boxes);
  if (bad) fail('layout: ' + bad);
  else ok(`${boxes.length} nodes at distinct places, none overlapping`);

  const data = JSON.parse(await page.textContent('#call-graph-data'));
  const edges = await page.$$eval('#call-graph path.edge', (paths) => paths.map((p) => ({
    hot: p.classList.contains('hot'), stroke: getComputedStyle(p).stroke })));
  const labels = await page.$$eval('#call-graph text.label', (t) => t.map((x) => x.textContent));
  const red = 'rgb(198, 40, 40)';
  const hot = edges.filter((e) => e.hot);
  const expectedHot = data.edges.filter((e) => e.hot).length;
  if (edges.length !== data.edges.length || labels.length !== edges.length ||
      labels.some((l) => !/^x(\d+|unbounded)$/.test(l)))
    fail(`edges: ${edges.length} drawn, ${labels.length} labels, ${data.edges.length} in the data`);
  else if (!hot.length || hot.length !== expectedHot || hot.some((e) => e.stroke !== red) ||
           edges.some((e) => !e.hot && e.stroke === red))
    fail(`worst paths: ${hot.length} marked, ${expectedHot} in the data`);
  else ok(`${edges.length} edges labelled with tries, ${hot.length} red on the worst paths`);
  await page.locator('#graph-pane').screenshot({ path: prefix + '-start.png' });
  await page.click('#graph-fit');
  await page.locator('#graph-pane').screenshot({ path: prefix + '-whole.png' });

  // Zoom by button and wheel, pan by drag: each moves the view.
  const pane = await page.locator('#call-graph').boundingBox();
  const t0 = await transform(page);
  await page.click('#graph-zoom-in');
  const t1 = await transform(page);
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((t) =>
    document.getElementById('graph-viewport').getAttribute('transform') !== t, t1);
  const t2 = await transform(page);
  await page.mouse.down();
  await page.mouse.move(pane.x + pane.width / 2 + 120, pane.y + pane.height / 2 + 80, { steps: 4 });
  await page.mouse.up();
  const t3 = await transform(page);
  if (!(scale(t1) > scale(t0) && scale(t2) > scale(t1) && t3 !== t2 && scale(t3) === scale(t2)))
    fail(`zoom and pan: ${t0} | ${t1} | ${t2} | ${t3}`);
  else ok(`zoom in, wheel and drag change the view: scale ${scale(t0).toFixed(3)} -> ` +
          `${scale(t1).toFixed(3)} -> ${scale(t2).toFixed(3)}, then moved`);

  await page.fill('#graph-filter', filter);
  const matched = await classCount(page, 'match');
  const dimmed = await classCount(page, 'dim');
  const expected = boxes.filter((b) => b.name.includes(filter)).length;
  if (!matched || matched !== expected || !dimmed || matched + dimmed >= boxes.length + 1)
    fail(`filter "${filter}": ${matched} match (expected ${expected}), ${dimmed} dimmed`);
  else ok(`filter "${filter}": ${matched} match, ${dimmed} of ${boxes.length} dimmed`);
  // Hiding the others lays out the matches and their neighbours anew.
  await page.check('#graph-hide');
  const kept = await nodeBoxes(page);
  const keptBad = badLayout(kept);
  const stillDim = await classCount(page, 'dim');
  if (kept.length !== boxes.length - dimmed || stillDim || keptBad)
    fail(`hide: ${kept.length} drawn, ${stillDim} dimmed ${keptBad}`);
  else ok(`hide the others: ${kept.length} services laid out anew, none overlapping`);
  await page.locator('#graph-pane').screenshot({ path: prefix + '-filtered.png' });
  await page.uncheck('#graph-hide');
  if ((await nodeBoxes(page)).length !== boxes.length) fail('unhiding does not draw all again');
  else ok(`unhide: all ${boxes.length} drawn again`);
  // A click on a service (no drag) filters by its name.
  await page.fill('#graph-filter', '');
  await page.click('#graph-fit');
  const first = page.locator('#call-graph g.node').first();
  const name = await first.getAttribute('data-name');
  const at = await first.boundingBox();
  await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  const value = await page.inputValue('#graph-filter');
  if (value !== name) fail(`click on ${name}: the filter says "${value}"`);
  else ok(`click on a service filters by its name`);
  ok(`screenshots ${prefix}-start.png ${prefix}-whole.png ${prefix}-filtered.png`);
});
