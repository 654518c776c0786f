import http from 'node:http';

export interface LoadResult {
  requests: number;
  /** Responses by status code. */
  statuses: Record<number, number>;
  errors: number;
  durationMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * CPU time of this whole process (server, worker and load generator alike) per request: less
   * sensitive than req/s to other work on the machine.
   */
  cpuMicrosPerRequest: number;
}

export interface LoadOptions {
  url: string;
  /** Requests in flight at once, over as many keep-alive connections. */
  connections: number;
  /** Stop starting requests after this long. */
  durationMs: number;
  /** Upper bound on requests, so a run always ends. */
  maxRequests?: number;
  /** The JSON body of request number `i` (0-based, unique per run). */
  body: (i: number) => unknown;
  /** Extra headers: the same for every request, or request number `i`'s own. */
  headers?: Record<string, string> | ((i: number) => Record<string, string>);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A small closed-loop HTTP load generator: `connections` clients, each sending back to back. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + options.durationMs;
  const maxRequests = options.maxRequests ?? Number.MAX_SAFE_INTEGER;

  const send = (i: number) =>
    new Promise<void>((resolve) => {
      const payload = JSON.stringify(options.body(i));
      const begin = performance.now();
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(payload),
            ...(typeof options.headers === 'function' ? options.headers(i) : options.headers),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - begin);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(payload);
    });

  const client = async () => {
    while (performance.now() < deadline && next < maxRequests) await send(next++);
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const durationMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    statuses,
    errors,
    durationMs,
    requestsPerSecond: (latencies.length / durationMs) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, latencies.length),
  };
}
