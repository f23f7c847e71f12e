import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Storage } from '../lib/storage.ts';
import type { S3Config, Storage } from '../lib/storage.ts';

export type LocalS3 = {
  config: S3Config;
  /** The app's S3 storage pointed at this server. */
  storage: Storage;
  /** Stops answering: connections are refused, as when the store is down. The objects stay on disk. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects it held. */
  start(): Promise<void>;
  /** Every key in the bucket under `prefix`, listed over the S3 protocol (while running). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
};

const BUCKET = 'kvitt';
// s3rver checks AWS Signature V4 against these credentials.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server in this process (s3rver: the real S3 HTTP protocol, signed requests, objects in a folder),
 * which a test can stop and start again to play a store outage.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-s3-'));
  let port = 0;
  let running: S3rver | null = null;

  const start = async () => {
    if (running) return;
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    port = (await server.run()).port;
    running = server;
  };
  const stop = async () => {
    const server = running;
    running = null;
    await server?.close();
  };
  await start();

  const config: S3Config = { endpoint: `http://127.0.0.1:${port}`, region: 'eu-north-1', bucket: BUCKET, ...CREDENTIALS };
  const client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: true, credentials: CREDENTIALS });

  return {
    config,
    storage: createS3Storage(config),
    stop,
    start,
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
    },
    async close() {
      await stop();
      client.destroy();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
