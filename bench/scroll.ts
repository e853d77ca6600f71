import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.ts';
import { freePort } from '../tests/support/server-process.ts';
import { quantile, report } from './measure.ts';
import { DEMO_PASSWORD } from './setup.ts';

/**
 * The scroll figure of the windowed list (issue 15): the real server on a bench database, the
 * built client in Debian's Chromium (headless, 1366×900), the legal-persons list scrolled for a
 * fixed time at its top, at its end (after Ctrl+End) and in its middle (after `:` and the row
 * number): 8 s inside the page (90 px a frame, as a held wheel does), then 2 s of PageDown and
 * PageUp held (repeated 30 times a second, as the operating system repeats a held key). Frames
 * are timed by requestAnimationFrame: the share of frame intervals over 16.7 ms (one 60 Hz
 * frame; 2 ms of tolerance absorbs timer jitter) is the figure, beside the machine's floor
 * measured in the same run (the grid's rows as plain, non-virtual HTML): within 1.5× of it
 * everywhere. Beside it, a second floor: the same rows in a windowed list written by hand (the
 * browser's own cost of bringing rows into view, with nothing of ours). Also: the time from Ctrl+End to the last row painted (< 1 s), and what the page's
 * heap retains (a heap snapshot's objects) after the first page and after scrolling from the top
 * to the bottom (ratio ≤ 1.2: the list holds a bounded number of blocks wherever it has been).
 */
/** A held key repeats about 30 times a second (the fastest common operating-system setting). */
const KEY_REPEAT_MS = 33;

export async function scrollBench(db: { databaseUrl?: string; dataDir?: string }, engine: string) {
  const clientDir = resolve(process.env.CLIENT_DIR ?? 'dist/client');
  if (!existsSync(resolve(clientDir, 'index.html'))) {
    report({ figure: 'list_scroll', skipped: 'dist/client/index.html missing: run npm run build first' });
    return;
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_PASSWORD,
    CLIENT_DIR: clientDir,
  };
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  else env.DATA_DIR = db.dataDir;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  try {
    await ready(server, baseURL, () => output);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1366, height: 900 },
      locale: 'fa-IR',
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/person/legal-persons');
    const grid = page.getByRole('grid');
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor();
    const total = Number(await grid.getAttribute('aria-rowcount')) - 1;
    await grid.focus();
    const cdp = await context.newCDPSession(page);
    /**
     * What the page's heap retains (bytes): the sum of every object's own size in a heap snapshot
     * (taken after a full collection). Runtime.getHeapUsage's usedSize also counts pages V8 has
     * not given back yet: after scrolling top to bottom it read 1.7 times the first page's while
     * the snapshot held 1.7 MB more.
     */
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const chunks: string[] = [];
      const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
      cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
      const snapshot = JSON.parse(chunks.join('')) as {
        snapshot: { meta: { node_fields: string[] } };
        nodes: number[];
      };
      const fields = snapshot.snapshot.meta.node_fields;
      const self = fields.indexOf('self_size');
      let total = 0;
      for (let i = self; i < snapshot.nodes.length; i += fields.length) total += snapshot.nodes[i]!;
      return total;
    };
    await page.waitForTimeout(500);
    const heapFirst = await heap();
    const lastRow = `[role=grid] tbody tr[aria-rowindex="${total + 1}"]`;
    // Top to bottom, first (the heap figure: after the first page, then after scrolling
    // from top to bottom): the scroll position moved by a block's height (100 rows) every 50 ms,
    // 600 steps at most (evenly spread over a taller list), the reads it starts left to run.
    const t0 = performance.now();
    const steps = (await page.evaluate(`new Promise((resolve) => {
      const el = document.querySelector('[role=grid]');
      const max = el.scrollHeight - el.clientHeight;
      const step = Math.max(3400, max / 600);
      let n = 0;
      const go = () => {
        n++;
        el.scrollTop = Math.min(max, el.scrollTop + step);
        if (el.scrollTop < max - 1) setTimeout(go, 50);
        else resolve(n);
      };
      go();
    })`)) as number;
    await page.locator(lastRow).waitFor();
    const walkSeconds = (performance.now() - t0) / 1000;
    await page.waitForTimeout(1000);
    const heapBottom = await heap();
    await page.keyboard.press('Control+Home');
    await page.waitForTimeout(500);
    const top = await measureScroll(page);

    // Jump to the last row by key: from the key press to the last row painted with its text.
    await page.keyboard.press('Control+Home');
    await page.waitForTimeout(300);
    const jumpMs = (await page.evaluate(`new Promise((resolve) => {
      const t0 = performance.now();
      const grid = document.querySelector('[role=grid]');
      grid.dispatchEvent(new KeyboardEvent('keydown', { code: 'End', key: 'End', ctrlKey: true, bubbles: true }));
      const check = () => {
        const row = document.querySelector('${lastRow}');
        if (row && row.textContent.trim()) requestAnimationFrame(() => resolve(performance.now() - t0));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })`)) as number;
    await page.waitForTimeout(500);
    const end = await measureScroll(page, true);

    // The middle after a jump (\`:\` and the row number).
    await page.keyboard.press('Shift+Semicolon');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.type(String(Math.floor(total / 2)));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('[role=grid] tbody tr[data-focused]').waitFor();
    await page.waitForTimeout(500);
    const middle = await measureScroll(page);

    const floor = await measureStaticScroll(page);
    const windowedFloor = await measureWindowedFloor(page);
    const vsFloor = (f: ScrollFigures) =>
      floor.share_over_16_7 ? Math.round((f.share_over_16_7 / floor.share_over_16_7) * 100) / 100 : null;
    // the wheel part beside the hand-written windowed list (the floors are wheel only)
    const vsWindowed = (f: ScrollFigures) =>
      Math.round(
        (Math.max(f.wheel_share_over_16_7, 0.001) / Math.max(windowedFloor.share_over_16_7, 0.001)) * 100,
      ) / 100;
    const share = (f: ScrollFigures) => Math.max(f.share_over_16_7, 0.001);
    const within = (f: ScrollFigures) => share(f) <= 1.5 * Math.max(floor.share_over_16_7, 0.001);
    const heapRatio = Math.round((heapBottom / heapFirst) * 100) / 100;
    report({
      figure: 'list_scroll',
      engine,
      rows_total: total,
      static_rows_floor: floor,
      top,
      middle_after_jump: middle,
      end,
      ratio_over_share_vs_static: { top: vsFloor(top), middle: vsFloor(middle), end: vsFloor(end) },
      windowed_rows_floor: windowedFloor,
      wheel_ratio_vs_windowed_floor: {
        top: vsWindowed(top),
        middle: vsWindowed(middle),
        end: vsWindowed(end),
      },
      jump_to_last_ms: Math.round(jumpMs),
      heap_first_page_mb: Math.round(heapFirst / 1e5) / 10,
      heap_after_top_to_bottom_mb: Math.round(heapBottom / 1e5) / 10,
      heap_ratio: heapRatio,
      top_to_bottom: { steps, seconds: Math.round(walkSeconds * 10) / 10 },
      target:
        'share of frames over 16.7 ms within 1.5x of the static floor at top, middle and end; heap ratio <= 1.2; jump to last < 1000 ms',
      ok: within(top) && within(middle) && within(end) && heapRatio <= 1.2 && jumpMs < 1000,
    });
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function ready(server: ChildProcess, baseURL: string, output: () => string) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.locator('input[name=username]').fill('analyst');
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  if (new URL(page.url()).pathname === '/auth/select-role') {
    await page.locator('main ul button').first().waitFor();
    await page.keyboard.press('Digit1');
    await page.waitForURL((u) => u.pathname !== '/auth/select-role');
  }
}

/** Frame intervals → the figures every scroll measure reports. */
function frameFigures(frames: number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const over = sorted.filter((f) => f > 16.7 + 2).length;
  return {
    frames: sorted.length,
    p50_frame_ms: Math.round(quantile(sorted, 0.5) * 10) / 10,
    p95_frame_ms: Math.round(quantile(sorted, 0.95) * 10) / 10,
    max_frame_ms: Math.round((sorted[sorted.length - 1] ?? 0) * 10) / 10,
    share_over_16_7: Math.round((over / Math.max(1, sorted.length)) * 1000) / 1000,
  };
}

type ScrollFigures = ReturnType<typeof frameFigures> & {
  wheel_share_over_16_7: number;
  keys_share_over_16_7: number;
  key_presses: number;
};

/**
 * Runs `build` in the page over a copy of the grid, and scrolls that copy as measureScroll
 * scrolls the grid: the grid cloned without its role (same classes, so the same CSS and fonts)
 * in a fixed box over the page; `build` is page JS with `table`, `body` (its tbody) and `box` in
 * scope that fills the body and may return a function to call after each scroll step (a windowed
 * list's drawing). The box starts at `startTop` px, is scrolled 90 px a frame for 8 s (down for
 * 4 s, then up) and is removed afterwards; the frame intervals are returned as figures.
 */
async function scrollCopy(page: Page, build: string, startTop = 0) {
  const frames = (await page.evaluate(`new Promise((resolve) => {
    const grid = document.querySelector('[role=grid]');
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;inset:120px 24px 24px 24px;overflow:auto;background:white;z-index:1000';
    const table = grid.cloneNode(true);
    table.removeAttribute('role');
    table.style.height = 'auto';
    table.style.overflow = 'visible';
    const body = table.querySelector('tbody');
    const step = ((table, body, box) => { ${build} })(table, body, box) || (() => {});
    box.appendChild(table);
    document.body.appendChild(box);
    box.scrollTop = ${startTop};
    step();
    const out = [];
    let start = 0;
    let last = 0;
    const tick = (t) => {
      // the first frame lays the copy out: the clock starts after it
      if (!start) { start = last = t; requestAnimationFrame(tick); return; }
      out.push(t - last);
      last = t;
      const elapsed = t - start;
      box.scrollTop += elapsed < 4000 ? 90 : -90;
      step();
      if (elapsed < 8000) requestAnimationFrame(tick);
      else { box.remove(); resolve(out.slice(1)); }
    };
    requestAnimationFrame(tick);
  })`)) as number[];
  return frameFigures(frames);
}

/** The static floor: the grid's rendered rows, repeated, as a plain box of 1,000 rows in flow. */
const measureStaticScroll = (page: Page) =>
  scrollCopy(
    page,
    `const rows = [...body.querySelectorAll('tr')];
    body.style.height = 'auto';
    body.replaceChildren();
    for (let i = 0; i < 1000; i++) {
      const row = rows[i % rows.length].cloneNode(true);
      row.style.position = 'relative';
      row.style.top = '0';
      body.appendChild(row);
    }`,
  );

/**
 * The windowed floor (a dense reference): the grid's rendered rows in a plain virtual list
 * written by hand, no framework and no data: a body of 100,000 rows of the grid's row height
 * with as many row elements as the grid draws (the same margin beyond each edge), each reused by
 * position modulo their number as the grid's are; a row scrolled in takes its top and the text
 * of a drawn row (text nodes updated in place where the markup matches, the cell's children
 * cloned where it does not). Measured from the middle (row 50,000). What it misses is the
 * browser's own cost of bringing rows into a scrolled DOM; the grid's excess over it is ours.
 */
async function measureWindowedFloor(page: Page) {
  const row = (await page.evaluate(
    `document.querySelector('[role=grid] tbody tr[aria-rowindex]').getBoundingClientRect().height`,
  )) as number;
  return scrollCopy(
    page,
    `const source = [...body.querySelectorAll('tr')].filter((r) => r.textContent.trim());
    const span = source.length;
    const ROW = ${row}, COUNT = 100000;
    body.style.height = COUNT * ROW + 'px';
    body.replaceChildren();
    const slots = source.map((r) => r.cloneNode(true));
    slots.forEach((r) => body.appendChild(r));
    const shown = new Array(span).fill(-1);
    const texts = (n) => { const out = []; const w = document.createTreeWalker(n, NodeFilter.SHOW_TEXT); while (w.nextNode()) out.push(w.currentNode); return out; };
    const put = (i) => {
      const slot = i % span;
      if (shown[slot] === i) return;
      shown[slot] = i;
      const row = slots[slot];
      const src = source[(i * 7 + 3) % span];
      row.style.top = i * ROW + 'px';
      row.setAttribute('aria-rowindex', String(i + 2));
      const cells = row.children, from = src.children;
      for (let c = 0; c < cells.length; c++) {
        const a = texts(cells[c]), b = texts(from[c]);
        if (a.length === b.length) for (let k = 0; k < a.length; k++) a[k].data = b[k].data;
        else cells[c].replaceChildren(...[...from[c].childNodes].map((n) => n.cloneNode(true)));
      }
    };
    return () => {
      // the grid's margin: the rows drawn beyond those the box shows, split between both edges
      const over = Math.max(0, Math.floor((span - Math.ceil(box.clientHeight / ROW)) / 2));
      const first = Math.max(0, Math.min(Math.floor(box.scrollTop / ROW) - over, COUNT - span));
      for (let i = first; i < first + span; i++) put(i);
    };`,
    50_000 * row,
  );
}

/**
 * Scrolls the grid for 8 s inside the page, the way a held wheel or trackpad does: every
 * animation frame moves it by 90 px (down for 4 s, then up), and every frame's interval is
 * recorded; then PageDown held for 1 s and PageUp for 1 s (a press every KEY_REPEAT_MS). Returns
 * the frame count, p50/p95/max interval and the share over 16.7 ms (+2 ms of timer jitter) of
 * both parts together, and the share of each part.
 */
async function measureScroll(page: Page, upFirst = false): Promise<ScrollFigures> {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  const wheel = (await page.evaluate(`new Promise((resolve) => {
    const el = document.querySelector('[role=grid]');
    const out = [];
    const start = performance.now();
    let last = start;
    const tick = (t) => {
      out.push(t - last);
      last = t;
      const elapsed = t - start;
      el.scrollTop += (elapsed < 4000) !== ${upFirst} ? 90 : -90;
      if (elapsed < 8000) requestAnimationFrame(tick);
      else resolve(out.slice(1));
    };
    requestAnimationFrame(tick);
  })`)) as number[];
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__stop = false;
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await page.getByRole('grid').focus();
  let presses = 0;
  const hold = async (key: string, ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      const next = performance.now() + KEY_REPEAT_MS;
      await page.keyboard.press(key);
      presses++;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  await hold(upFirst ? 'PageUp' : 'PageDown', 1000);
  await hold(upFirst ? 'PageDown' : 'PageUp', 1000);
  const keys = (await page.evaluate('(window.__stop = true, window.__frames.slice(1))')) as number[];
  return {
    ...frameFigures([...wheel, ...keys]),
    wheel_share_over_16_7: frameFigures(wheel).share_over_16_7,
    keys_share_over_16_7: frameFigures(keys).share_over_16_7,
    key_presses: presses,
  };
}
