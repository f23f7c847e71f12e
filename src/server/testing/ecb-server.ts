import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type EcbFixtureDay = { date: string; rates: Record<string, string> };

/** A document in the shape of ECB's eurofxref-hist-90d.xml (and, with one day, eurofxref-daily.xml). */
export function ecbXml(days: readonly EcbFixtureDay[]): string {
  const cubes = days
    .map((day) => {
      const rates = Object.entries(day.rates)
        .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
        .join('\n');
      return `\t\t<Cube time='${day.date}'>\n${rates}\n\t\t</Cube>`;
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">',
    '\t<gesmes:subject>Reference rates</gesmes:subject>',
    '\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>',
    `\t<Cube>\n${cubes}\n\t</Cube>`,
    '</gesmes:Envelope>',
  ].join('\n');
}

export type EcbServer = {
  url: string;
  /** How many times the feed was requested. */
  readonly hits: number;
  /** Replaces what the feed serves from the next request on. */
  serve(body: string, status?: number): void;
  close(): Promise<void>;
};

/**
 * A local HTTP server standing in for the ECB feed, so tests run without network and can count requests. On a free
 * port unless `port` is given (the browser tests' server knows its feed's port in advance).
 */
export async function startEcbServer(body: string, port = 0): Promise<EcbServer> {
  let current = { body, status: 200 };
  let hits = 0;
  const server = http.createServer((_request, response) => {
    hits += 1;
    response.writeHead(current.status, { 'content-type': 'text/xml; charset=utf-8' });
    response.end(current.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/stats/eurofxref/eurofxref-hist-90d.xml`,
    get hits() {
      return hits;
    },
    serve(next, status = 200) {
      current = { body: next, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
