#!/usr/bin/env node
// The document form with 200 fields in headless chromium: time to open it (mount + first paint,
// data already loaded) and keystroke-to-paint time while typing in it, against a 16.7 ms frame.
// The page (bench/document-form/) renders the console's DocumentForm driven by the document
// screen's reducer; Vite builds it, a local server serves it. No emulators needed.
// Usage: node bench/document-form.mjs
import { median, openBenchPage, percentile } from './lib/browser-page.mjs';

const FRAME_MS = 1000 / 60;
const OPENS = 12;
const TYPED = 'Panela de pressão 6 L inox';

const { page, close } = await openBenchPage('document-form', 'form  ');
try {
  const fieldCount = await page.evaluate(() => window.bench.fieldCount);

  const opens = [];
  for (let i = 0; i < OPENS; i++) opens.push(await page.evaluate(() => window.bench.open()));
  const [cold, ...warm] = opens;

  const input = page.getByLabel('Texto 100', { exact: true });
  await input.click();
  await input.press('End');
  await page.evaluate(() => window.bench.keystrokes.splice(0));
  await page.keyboard.type(TYPED, { delay: 40 });
  await page.waitForTimeout(200);
  const keys = await page.evaluate(() => [...window.bench.keystrokes]);
  if (!(await input.inputValue()).endsWith(TYPED)) throw new Error('the typed text did not reach the input');

  const typing = median(keys);
  console.log(`form   open ${fieldCount} fields: first ${cold.toFixed(0)} ms, then median ${median(warm).toFixed(0)} ms (${warm.length} opens)`);
  console.log(
    `form   keystroke to paint: median ${typing.toFixed(1)} ms, p95 ${percentile(keys, 95).toFixed(1)} ms over ${keys.length} keys  (median/frame ${(typing / FRAME_MS).toFixed(2)} of a ${FRAME_MS.toFixed(1)} ms frame)`,
  );
} finally {
  await close();
}
