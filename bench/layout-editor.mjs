#!/usr/bin/env node
// The page layout editor in headless chromium (issue 13): one operation on a 2,000-node layout
// (goal p95 ≤ 1 ms), opening a 500-node layout in the drawer (goal ≤ 300 ms), and how many node
// components re-render when one property changes (goal: a small constant, the same at 50 and 2,000
// nodes) and on zoom or pan (goal: none), and keystroke-to-paint typing a property at 10 and at 500
// nodes in one run (goal: the ratio ≤ 1.5). The page (bench/layout-editor/) renders the console's
// LayoutEditorDrawer; Vite builds it, a local server serves it. No emulators needed.
// Usage: node bench/layout-editor.mjs
import { cpus, loadavg } from 'node:os';
import { median, openBenchPage, percentile } from './lib/browser-page.mjs';

const OPERATION_GOAL_MS = 1;
const OPEN_GOAL_MS = 300;
const OPENS = 7;
const KEYSTROKE_RATIO_GOAL = 1.5;
const ROUNDS = 4;
const TYPED = 'flex gap-4 px';
const verdict = (/** @type {boolean} */ ok) => (ok ? 'meets the goal' : 'MISSES the goal');

const { page, close } = await openBenchPage('layout-editor', 'layout');
try {
  const ops = await page.evaluate(() => window.bench.operations(2000, 300));
  const all = Object.values(ops).flat();
  const p95 = percentile(all, 95);
  const each = Object.entries(ops)
    .map(([name, xs]) => `${name} ${percentile(xs, 95).toFixed(3)}`)
    .join(', ');
  console.log(
    `layout one operation on 2,000 nodes: p95 ${p95.toFixed(3)} ms over ${all.length} (${each} ms)  (p95/goal ${(p95 / OPERATION_GOAL_MS).toFixed(2)} of ${OPERATION_GOAL_MS} ms: ${verdict(p95 <= OPERATION_GOAL_MS)})`,
  );

  // Opens of the editor and of a bare React tree of the same nodes alternate, so both see the same load.
  const opens = [];
  const bare = [];
  for (let i = 0; i < OPENS; i++) {
    opens.push(await page.evaluate(() => window.bench.mount(500)));
    bare.push(await page.evaluate(() => window.bench.mountBare(500)));
  }
  const [cold, ...warm] = opens;
  const open = median(warm);
  const baseline = median(bare.slice(1));
  console.log(
    `layout open 500 nodes in the drawer: first ${cold.toFixed(0)} ms, then median ${open.toFixed(0)} ms over ${warm.length}  (median/goal ${(open / OPEN_GOAL_MS).toFixed(2)} of ${OPEN_GOAL_MS} ms: ${verdict(open <= OPEN_GOAL_MS)})`,
  );
  console.log(
    `layout baseline: the same 500 nodes as bare React divs: median ${baseline.toFixed(0)} ms  (editor/bare ${(open / baseline).toFixed(1)}×; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );

  // Keystroke-to-paint typing a className, at 10 and 500 nodes in alternating rounds of one run
  // (the same load on both); each key is a real key event, timed from keydown to the next paint.
  /** @type {Record<number, number[]>} */
  const keys = { 10: [], 500: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const count of [10, 500]) {
      await page.evaluate((n) => window.bench.prepareTyping(n), count);
      await page.keyboard.type(TYPED, { delay: 40 });
      await page.waitForTimeout(100);
      keys[count].push(...(await page.evaluate(() => [...window.bench.keystrokes])));
    }
  }
  const at10 = median(keys[10]);
  const at500 = median(keys[500]);
  console.log(
    `layout keystroke to paint typing a className: median ${at10.toFixed(1)} ms at 10 nodes, ${at500.toFixed(1)} ms at 500 nodes over ${keys[500].length} keys each  (ratio ${(at500 / at10).toFixed(2)}, goal ≤ ${KEYSTROKE_RATIO_GOAL}: ${verdict(at500 / at10 <= KEYSTROKE_RATIO_GOAL)}; p95 ${percentile(keys[10], 95).toFixed(1)} / ${percentile(keys[500], 95).toFixed(1)} ms)`,
  );

  const small = await page.evaluate(() => window.bench.renders(50));
  const large = await page.evaluate(() => window.bench.renders(2000));
  const constant = small.property === large.property && large.property <= 3;
  console.log(
    `layout node renders on one property change: ${small.property} at ${small.nodes} nodes, ${large.property} at ${large.nodes} nodes  (${verdict(constant)}: a small constant, the same at both sizes)`,
  );
  const none = small.zoom + small.pan + large.zoom + large.pan === 0;
  console.log(
    `layout node renders on zoom / pan: ${small.zoom} / ${small.pan} at ${small.nodes} nodes, ${large.zoom} / ${large.pan} at ${large.nodes} nodes  (${verdict(none)}: none)`,
  );
  console.log(
    `layout load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) on ${cpus().length} cores`,
  );
} finally {
  await close();
}
