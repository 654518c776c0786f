import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

/**
 * Records by name: TXT values (each one string), MX exchanges with their priority, A addresses
 * (or a function asked at each question, for a name whose answer changes: DNS rebinding).
 */
export interface DnsZone {
  txt?: Record<string, string[]>;
  mx?: Record<string, Array<{ exchange: string; priority: number }>>;
  a?: Record<string, string[] | (() => string[])>;
}

export interface DnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  zone: DnsZone;
  close(): Promise<void>;
}

/**
 * A DNS server on a loopback UDP port answering TXT, MX and A questions from `zone` (which a test
 * may change between lookups); any other name is NXDOMAIN. Long TXT values go out in 255-byte
 * chunks, as real zones publish DKIM keys.
 */
export async function startDnsServer(zone: DnsZone): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase() ?? '';
    const answers: dnsPacket.Answer[] = [];
    if (question?.type === 'TXT') {
      for (const value of server.zone.txt?.[name] ?? []) {
        const chunks = value.match(/[\s\S]{1,255}/g) ?? [''];
        answers.push({ type: 'TXT', name, ttl: 60, data: chunks });
      }
    }
    if (question?.type === 'MX') {
      for (const record of server.zone.mx?.[name] ?? []) {
        answers.push({
          type: 'MX',
          name,
          ttl: 60,
          data: { preference: record.priority, exchange: record.exchange },
        });
      }
    }
    if (question?.type === 'A') {
      const record = server.zone.a?.[name] ?? [];
      for (const address of typeof record === 'function' ? record() : record) {
        answers.push({ type: 'A', name, ttl: 0, data: address });
      }
    }
    const known =
      name in (server.zone.txt ?? {}) ||
      name in (server.zone.mx ?? {}) ||
      name in (server.zone.a ?? {});
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const server: DnsServer = {
    address: `127.0.0.1:${socket.address().port}`,
    zone,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  return server;
}
