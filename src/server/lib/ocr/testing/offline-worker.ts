// tesseract.js's own Node worker script, started with every way out to the network shut. Tests pass this file as
// `workerPath`, so a pipeline that tried to download language data or anything else fails instead of passing.
import dns from 'node:dns';
import { createRequire } from 'node:module';
import net from 'node:net';
import { runThisThreadInBackground } from '../../background-priority.ts';

function refuse(what: string): never {
  throw new Error(`network access attempted inside the OCR worker (${what})`);
}

globalThis.fetch = () => refuse('fetch');
net.Socket.prototype.connect = function connect(): never {
  return refuse('socket connect');
};
dns.lookup = (() => refuse('dns lookup')) as unknown as typeof dns.lookup;

// As the server's own worker script does (decision 079).
runThisThreadInBackground();
createRequire(import.meta.url)('tesseract.js/src/worker-script/node/index.js');
