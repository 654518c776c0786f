/**
 * Readers' page load for the benches that measure a page while the site works in the background
 * (a newsletter send, a fediverse fan-out): GETs at a steady rate, an open loop, so a slow answer
 * does not slow the arrivals and waiting shows in p99.
 */
import http from 'node:http';

export interface LatencySample {
  latencies: number[];
  requests: number;
  failures: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summary(latencies: number[], failures: number): LatencySample {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    latencies: sorted,
    requests: sorted.length,
    failures,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** Samples taken apart (at rest before and after the work, say) as one. */
export function pooled(...samples: LatencySample[]): LatencySample {
  return summary(
    samples.flatMap((sample) => sample.latencies),
    samples.reduce((sum, sample) => sum + sample.failures, 0),
  );
}

/**
 * GET `url` at `rate` requests a second until `until` resolves; latencies in ms. Arrivals keep
 * their schedule however slow the answers: that is what a site's readers do.
 */
export async function pageLoad(
  url: string,
  rate: number,
  until: Promise<unknown>,
  headers: Record<string, string> = {},
): Promise<LatencySample> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let failures = 0;
  let done = false;
  void until.then(() => (done = true));
  const inFlight = new Set<Promise<void>>();
  const one = () =>
    new Promise<void>((resolve) => {
      const begin = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - begin);
            else failures += 1;
            resolve();
          });
        })
        .on('error', () => {
          failures += 1;
          resolve();
        });
    });
  const interval = 1000 / rate;
  let next = performance.now();
  while (!done) {
    const request = one();
    inFlight.add(request);
    void request.then(() => inFlight.delete(request));
    next += interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(inFlight);
  agent.destroy();
  return summary(latencies, failures);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
