import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { cleanupAfterEach, createTestApp } from '../test-support/test-app.js';
import { isPrivateAddress } from '../security/networks.js';
import { checkTrustProxySetting, untrustedForwardAdvice } from './proxy-trust.js';

const track = cleanupAfterEach();

function capturedLogger() {
  const lines: Array<{ msg: string; peer?: string }> = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { msg: string });
        done();
      },
    }),
  );
  return { logger, lines };
}

describe('TRUST_PROXY', () => {
  it('reads a hop count and true as Express means them, not as addresses', () => {
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({}).TRUST_PROXY).toBe('loopback');
    expect(loadEnv({ TRUST_PROXY: 'loopback, uniquelocal' }).TRUST_PROXY).toBe(
      'loopback, uniquelocal',
    );
  });

  it('a hop count believes that many proxies in front', () => {
    const t = createTestApp({ env: { TRUST_PROXY: '2' } });
    track(t.cleanup);
    const trusts = t.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    expect([trusts('203.0.113.1', 0), trusts('203.0.113.1', 1), trusts('203.0.113.1', 2)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('warns at start when it trusts every hop', () => {
    const { logger, lines } = capturedLogger();
    checkTrustProxySetting(true, logger);
    checkTrustProxySetting('loopback', logger);
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^TRUST_PROXY=true believes X-Forwarded-For from anyone/),
    ]);
  });

  it('warns once when forwarded requests come from a peer it does not trust', async () => {
    const { logger, lines } = capturedLogger();
    // A proxy on this machine, but the setting names only a CDN's range.
    const t = createTestApp({ env: { TRUST_PROXY: '198.51.100.0/24' }, deps: { logger } });
    track(t.cleanup);
    for (let i = 0; i < 3; i += 1) {
      await request(t.app).get('/api/health').set('X-Forwarded-For', `203.0.113.${i}`);
    }
    await request(t.app).get('/api/health');
    const warnings = lines.filter((line) => line.msg.includes('X-Forwarded-For'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(
      /^A request from 127\.0\.0\.1 carried X-Forwarded-For, which TRUST_PROXY=198\.51\.100\.0\/24 does not believe\./,
    );
  });

  it('stays quiet when the proxy is trusted', async () => {
    const { logger, lines } = capturedLogger();
    const t = createTestApp({ deps: { logger } });
    track(t.cleanup);
    await request(t.app).get('/api/health').set('X-Forwarded-For', '203.0.113.7');
    expect(lines.filter((line) => line.msg.includes('X-Forwarded-For'))).toEqual([]);
  });

  it('tells a container or LAN proxy apart from the open internet', () => {
    expect(
      ['10.1.2.3', '172.18.0.2', '192.168.1.20', '::ffff:172.18.0.2', 'fd00::2'].map(
        isPrivateAddress,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(['203.0.113.9', '8.8.8.8', '2001:db8::1'].map(isPrivateAddress)).toEqual([
      false,
      false,
      false,
    ]);
    expect(untrustedForwardAdvice('::ffff:172.18.0.2', 'loopback')).toMatch(
      /^Requests arrive from 172\.18\.0\.2 \(a private network: a proxy or container network\) with X-Forwarded-For, which TRUST_PROXY=loopback does not believe, so every reader shares that address and its rate limits\. Set TRUST_PROXY=loopback, uniquelocal/,
    );
  });
});
