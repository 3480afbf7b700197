// Python's download as the page tells it: "3.1 of 4.7 MB, about 12 s left". The worker counts
// decoded bytes (download-watch.js); the server sends both totals (app/python_bytes.py), so
// bytes on the wire are estimated in proportion. The time left comes from the rate over the
// last few seconds (a link's speed changes; the first second includes the requests' latency).

const WINDOW_MS = 4000;
const MB = 1e6;

export class DownloadEstimate {
  /** totals: {served, decoded} (bytes), or null when the server did not send them. */
  constructor(totals) {
    this.totals = totals?.decoded > 0 ? totals : null;
    this.samples = []; // [ms, served bytes], the last WINDOW_MS of them
    this.served = 0;
  }

  /** The worker has received `received` decoded bytes, at `now` (ms). */
  add(received, now) {
    if (!this.totals) return;
    const { served, decoded } = this.totals;
    this.served = Math.min(served, (received / decoded) * served);
    this.samples.push([now, this.served]);
    while (this.samples.length > 2 && now - this.samples[1][0] >= WINDOW_MS) this.samples.shift();
  }

  /** Seconds left at the recent rate, or null while it is not known. */
  secondsLeft() {
    if (!this.totals || this.samples.length < 2) return null;
    const [[t0, b0], [t1, b1]] = [this.samples[0], this.samples[this.samples.length - 1]];
    if (t1 - t0 < 500 || b1 <= b0) return null;
    return (this.totals.served - this.served) / ((b1 - b0) / (t1 - t0)) / 1000;
  }

  /** "3.1 of 4.7 MB" (and ", about 12 s left" when known); "" without totals. */
  text() {
    if (!this.totals) return "";
    const of = `${(this.served / MB).toFixed(1)} of ${(this.totals.served / MB).toFixed(1)} MB`;
    const left = this.secondsLeft();
    return left === null ? of : `${of}, about ${Math.max(1, Math.round(left))} s left`;
  }
}
