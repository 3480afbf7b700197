// The engine worker's downloads as they arrive: how many bytes have come (as decoded), when
// anything last came, and whether each request has been answered. A slow download is not a
// failed one: a request fails when it fails outright, when it has had no answer for
// ANSWER_MS while nothing else arrived either (on a slow link a request may wait behind the
// others, which are then arriving), or when every download has stopped for STALL_MS.

export const ANSWER_MS = 2000;
export const STALL_MS = 15_000;
const CHECK_MS = 250;

/**
 * What to make of one request at `now` (ms): "waiting" (no answer yet, within the limit),
 * "no-answer", "arriving", "stalled" or "done". `lastAt`: when any download last received a
 * byte or an answer (null: never).
 */
export function verdict({ sentAt, answeredAt, done, lastAt, now }, limits = {}) {
  const { answerMs = ANSWER_MS, stallMs = STALL_MS } = limits;
  if (done) return "done";
  const quiet = now - Math.max(sentAt, answeredAt ?? -Infinity, lastAt ?? -Infinity);
  if (answeredAt === null) {
    return now - sentAt >= answerMs && quiet >= answerMs ? "no-answer" : "waiting";
  }
  return quiet >= stallMs ? "stalled" : "arriving";
}

export class DownloadWatch {
  /** onBytes(received): called as bytes arrive (at most every CHECK_MS). */
  constructor({ onBytes = () => {}, now = () => performance.now(), limits = {} } = {}) {
    Object.assign(this, { onBytes, now, limits });
    this.received = 0;
    this.lastAt = null;
    this.told = -Infinity;
  }

  /** The response of `request` (a fetch's promise) with its body counted as it is read. */
  track(request) {
    const state = { sentAt: this.now(), answeredAt: null, done: false };
    const response = request.then(
      (answer) => {
        state.answeredAt = this.arrived(0);
        if (!answer.body) {
          state.done = true;
          return answer;
        }
        const counted = answer.body.pipeThrough(
          new TransformStream({
            transform: (chunk, out) => {
              this.arrived(chunk.byteLength);
              out.enqueue(chunk);
            },
            flush: () => {
              state.done = true;
            },
          }),
        );
        const { status, statusText, headers } = answer;
        return new Response(counted, { status, statusText, headers });
      },
      (error) => {
        state.done = true;
        throw error;
      },
    );
    response.state = state;
    return response;
  }

  /**
   * Resolves once `response` (from track()) has all arrived; rejects with why, in words about
   * `what`, as soon as it fails, answers with an error or the wrong `type` (if given), gets no
   * answer in time, or everything stops arriving before it is done.
   */
  watch(response, what, type = null) {
    const { state } = response;
    const failed = (why) => new Error(`${what} could not be downloaded: ${why}.`);
    return new Promise((resolve, reject) => {
      const stop = (error) => {
        clearInterval(timer);
        if (error) reject(error);
        else resolve();
      };
      const timer = setInterval(() => {
        const seen = verdict({ ...state, lastAt: this.lastAt, now: this.now() }, this.limits);
        if (seen === "no-answer") {
          stop(failed(`no answer within ${(this.limits.answerMs ?? ANSWER_MS) / 1000} s`));
        } else if (seen === "stalled") {
          const had = (this.received / 1e6).toFixed(1);
          const seconds = (this.limits.stallMs ?? STALL_MS) / 1000;
          stop(failed(`nothing arrived for ${seconds} s (${had} MB had come)`));
        } else if (seen === "done") {
          stop();
        }
      }, CHECK_MS);
      response.then(
        (answer) => {
          if (!answer.ok) stop(failed(`HTTP ${answer.status}`));
          const served = (answer.headers.get("content-type") ?? "").split(";")[0].trim();
          if (type && served !== type) {
            stop(new Error(`${what} is served as "${served || "no type"}"; browsers need ${type}.`));
          }
        },
        (error) => {
          const why = "offline, or blocked by the network or a policy";
          stop(failed(`the request failed (${error.message}): ${why}`));
        },
      );
    });
  }

  arrived(bytes) {
    const now = this.now();
    this.lastAt = now;
    this.received += bytes;
    if (now - this.told >= CHECK_MS) {
      this.told = now;
      this.onBytes(this.received);
    }
    return now;
  }
}
