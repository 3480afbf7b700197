// download-estimate.js: the worker's decoded bytes shown as bytes on the wire, with the time
// left at the recent rate.
import assert from "node:assert/strict";
import { test } from "node:test";

import { DownloadEstimate } from "../../../static/js/python/download-estimate.js";

const TOTALS = { served: 5_000_000, decoded: 20_000_000 };

test("decoded bytes become the share of the served total", () => {
  const estimate = new DownloadEstimate(TOTALS);
  estimate.add(12_400_000, 0);
  assert.equal(estimate.text(), "3.1 of 5.0 MB");
});

test("the time left comes from the recent rate", () => {
  const estimate = new DownloadEstimate(TOTALS);
  // 200 kB/s on the wire (1.6 Mbit/s): 800 kB of decoded bytes a second.
  for (let t = 0; t <= 10_000; t += 250) estimate.add(800 * t, t);
  assert.equal(estimate.text(), "2.0 of 5.0 MB, about 15 s left");
});

test("the rate follows the link: the last few seconds count, not the first", () => {
  const estimate = new DownloadEstimate(TOTALS);
  for (let t = 0; t <= 5000; t += 250) estimate.add(1600 * t, t); // 400 kB/s served
  for (let t = 5250; t <= 15_000; t += 250) estimate.add(8_000_000 + 400 * (t - 5000), t);
  // 3.0 MB served by then, and 100 kB/s since t = 5 s: 2.0 MB left take 20 s (not 8 s)
  assert.equal(estimate.secondsLeft().toFixed(0), "20");
});

test("without the server's totals it says nothing", () => {
  const estimate = new DownloadEstimate(null);
  estimate.add(1000, 0);
  assert.equal(estimate.text(), "");
  assert.equal(estimate.secondsLeft(), null);
});
