// Opens liquid report pages in headless Chromium (Debian's, driven by playwright-core)
// and checks what a person would see: no console error, no network request, every chart
// rendered with marks, every drawing drawn, the frame count of a schedule page. Writes a
// screenshot per page and prints one JSON object with the findings.
//   node browser_check.js --chromium PATH --shots DIR PAGE.html[=FRAMES] ...
// Exit code 1 when a check fails (the JSON says which).
'use strict';
const path = require('path');
const fs = require('fs');
const { chromium } = require(path.join(__dirname, '..', '..', 'web', 'node_modules', 'playwright-core'));

function parseArgs(argv) {
  const a = { chromium: '/usr/bin/chromium', shots: null, pages: [] };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--chromium') a.chromium = argv[++i];
    else if (argv[i] === '--shots') a.shots = argv[++i];
    else {
      const [file, frames] = argv[i].split('=');
      a.pages.push({ file: path.resolve(file), frames: frames === undefined ? null : Number(frames) });
    }
  }
  return a;
}

// Runs in the page: what the charts, drawings and pictograms contain.
function inspect() {
  const charts = [...document.querySelectorAll('.chart')].map((el) => {
    const marks = el.querySelectorAll('svg g.role-mark > path, svg g.role-mark > rect, svg g.role-mark > line, svg g.role-mark > g').length;
    let inked = 0;
    const canvas = el.querySelector('canvas');
    if (canvas && canvas.width > 0) {
      const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3] > 0 && (px[i] < 240 || px[i + 1] < 240 || px[i + 2] < 240)) ++inked;
    }
    return { id: el.id, rendered: el.dataset.rendered === '1', svg_marks: marks, canvas_inked_pixels: inked };
  });
  const drawings = [...document.querySelectorAll('.drawing')].map((el) => ({
    id: el.id, elements: el.querySelectorAll('svg line, svg path, svg rect, svg circle').length }));
  const gallery = document.getElementById('pictograms');
  return { title: document.title, charts, drawings,
           frames: gallery ? Number(gallery.dataset.frames) : null,
           pictograms: document.querySelectorAll('#pictograms .pict').length,
           failed: window.liquidReport ? window.liquidReport.failed : -1,
           specs: window.liquidReport ? window.liquidReport.charts : -1 };
}

async function checkPage(browser, page, shots) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const tab = await context.newPage();
  const url = 'file://' + page.file;
  const errors = [], requests = [];
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  tab.on('pageerror', (e) => errors.push(String(e)));
  tab.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
  await tab.goto(url, { waitUntil: 'load', timeout: 180000 });
  await tab.waitForFunction(() => window.liquidReport && window.liquidReport.done, null, { timeout: 180000 });
  const found = await tab.evaluate(inspect);
  const shown = found.pictograms;
  if (found.frames !== null) {
    if (shots) await tab.screenshot({ path: path.join(shots, path.basename(page.file, '.html') + '.png'), fullPage: true });
    await tab.evaluate(() => document.getElementById('pict-all').click());  // disabled when all are shown
    found.pictograms_all = await tab.evaluate(() => document.querySelectorAll('#pictograms .pict').length);
  } else if (shots) {
    await tab.screenshot({ path: path.join(shots, path.basename(page.file, '.html') + '.png'), fullPage: true });
  }
  found.pictograms = shown;
  found.console_errors = errors;
  found.requests = requests;
  found.file = page.file;
  found.problems = problems(found, page);
  await context.close();
  return found;
}

function problems(f, page) {
  const p = [];
  if (f.console_errors.length) p.push('console errors: ' + f.console_errors.join(' | '));
  if (f.requests.length) p.push('network requests: ' + f.requests.join(' '));
  if (f.failed !== 0) p.push(f.failed + ' charts failed');
  if (f.charts.length === 0 && f.drawings.length === 0) p.push('no figure at all');
  if (f.specs !== f.charts.length) p.push(f.specs + ' chart specifications but ' + f.charts.length + ' charts in the page');
  for (const c of f.charts)
    if (!c.rendered || (c.svg_marks === 0 && c.canvas_inked_pixels === 0)) p.push('chart ' + c.id + ' is empty');
  for (const d of f.drawings) if (d.elements === 0) p.push('drawing ' + d.id + ' is empty');
  if (page.frames !== null) {
    if (f.frames !== page.frames) p.push('page says ' + f.frames + ' frames, the schedule has ' + page.frames);
    if (f.pictograms_all !== page.frames) p.push(f.pictograms_all + ' pictograms after "show all", expected ' + page.frames);
  }
  return p;
}

(async () => {
  const args = parseArgs(process.argv.slice(2));
  if (args.shots) fs.mkdirSync(args.shots, { recursive: true });
  // playwright launches Chromium on a fresh temporary profile (it refuses --user-data-dir).
  const browser = await chromium.launch({
    executablePath: args.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
           '--disable-sync', '--no-first-run'],
  });
  const results = [];
  try {
    for (const page of args.pages) results.push(await checkPage(browser, page, args.shots));
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify({ pages: results }, null, 1));
  process.exit(results.every((r) => r.problems.length === 0) ? 0 : 1);
})().catch((e) => { console.error(String(e && e.stack || e)); process.exit(2); });
