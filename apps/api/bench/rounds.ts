import autocannon from 'autocannon';

/** One timed autocannon run against one URL. */
export interface Round {
  requestsPerSecond: number;
  p99Ms: number;
  kBPerResponse: number;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
}

export interface RoundPlan {
  connections: number;
  rounds: number;
  roundSeconds: number;
  warmupSeconds: number;
}

async function measure(target: Target, connections: number, seconds: number): Promise<Round> {
  const result = await autocannon({ ...target, connections, duration: seconds });
  if (result.non2xx || result.errors) {
    throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    kBPerResponse: result.throughput.total / (result.requests.total || 1) / 1024,
  };
}

/**
 * Warms every target, then loads them in alternating rounds (a, b, a, b) and keeps each one's
 * best, which evens out noise from other work on a shared machine. Any non-2xx answer fails the
 * bench: a fast error page is not a figure.
 */
export async function bestOfAlternatingRounds<Name extends string>(
  targets: Record<Name, Target>,
  plan: RoundPlan,
): Promise<Record<Name, Round>> {
  const names = Object.keys(targets) as Name[];
  for (const name of names) await measure(targets[name], plan.connections, plan.warmupSeconds);
  const best = {} as Record<Name, Round>;
  for (let round = 0; round < plan.rounds; round += 1) {
    for (const name of names) {
      const result = await measure(targets[name], plan.connections, plan.roundSeconds);
      if (!best[name] || result.requestsPerSecond > best[name].requestsPerSecond) {
        best[name] = result;
      }
    }
  }
  return best;
}

export function formatRound(label: string, round: Round): string {
  const rate = round.requestsPerSecond.toFixed(0).padStart(7);
  const p99 = round.p99Ms.toFixed(1).padStart(6);
  return `${label.padEnd(40)} ${rate} req/s   p99 ${p99} ms   ${round.kBPerResponse.toFixed(1)} kB/response`;
}

/** "page / JSON: 87% (target ≥ 80%) OK" */
export function formatRatio(label: string, ratio: number, target: number): string {
  const verdict = ratio >= target ? 'OK' : 'BELOW TARGET';
  return `${label}: ${(ratio * 100).toFixed(0)}% (target ≥ ${target * 100}%) ${verdict}`;
}
