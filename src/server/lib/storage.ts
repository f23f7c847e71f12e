import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AppError } from './errors.ts';

export type StoredFile = { body: Buffer; contentType: string };

/**
 * Private file storage (receipt images, group images). Keys are server-made paths such as
 * `receipts/<groupId>/<uuid>.jpg`; nothing here is public, routes check membership before `get`.
 * Any failure of the store itself throws StorageUnavailableError (503 STORAGE_UNAVAILABLE); a missing file is null
 * on `get` and no error on `delete`.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  readonly kind: 'local' | 's3';
}

/** Where the storage reports what broke: the client only learns the code, the operator needs the cause. */
export type StorageLogger = { warn(details: Record<string, unknown>, message: string): void };

/** The store could not be reached or refused to work; the request answers 503 rather than INTERNAL. */
export class StorageUnavailableError extends AppError {
  constructor(operation: 'put' | 'get' | 'delete', key: string, cause: unknown) {
    super('STORAGE_UNAVAILABLE');
    this.name = 'StorageUnavailableError';
    this.message = `storage ${operation} of ${key} failed`;
    this.cause = cause;
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
  return key;
}

type RawStorage = Omit<Storage, 'kind'>;

/** Checks each key, then turns every failure of the back-end into StorageUnavailableError, logged with its cause. */
function guarded(kind: Storage['kind'], raw: RawStorage, logger: StorageLogger | undefined): Storage {
  const run = async <T>(operation: 'put' | 'get' | 'delete', key: string, work: () => Promise<T>): Promise<T> => {
    checkKey(key);
    try {
      return await work();
    } catch (cause) {
      logger?.warn({ err: cause, key, operation, storage: kind }, 'file storage unavailable');
      throw new StorageUnavailableError(operation, key, cause);
    }
  };
  return {
    kind,
    put: (key, body, contentType) => run('put', key, () => raw.put(key, body, contentType)),
    get: (key) => run('get', key, () => raw.get(key)),
    delete: (key) => run('delete', key, () => raw.delete(key)),
  };
}

/**
 * Files under DATA_DIR/files, with the content type in a sidecar so reads need no guessing. The folder is made at
 * start; if it is gone later (an unmounted volume), that is an outage: nothing is read as missing or as deleted.
 */
export function createLocalStorage(root: string, options: { logger?: StorageLogger } = {}): Storage {
  mkdirSync(root, { recursive: true });
  const fileOf = (key: string) => path.join(root, key);
  const requireRoot = async () => {
    if (!(await fs.stat(root)).isDirectory()) throw new Error(`${root} is not a folder`);
  };
  const raw: RawStorage = {
    async put(key, body, contentType) {
      await requireRoot();
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
      await fs.writeFile(`${file}.type`, contentType);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, 'utf8')]);
        return { body, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await requireRoot();
        return null;
      }
    },
    async delete(key) {
      await requireRoot();
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
    },
  };
  return guarded('local', raw, options.logger);
}

export type S3Config = {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
};

// A store that accepts connections but never answers must not hold a request (or a deletion retry) for minutes.
const S3_TIMEOUTS = { connectionTimeout: 3_000, requestTimeout: 15_000 };

/** Any S3-compatible store (AWS, MinIO, Garage…); path-style addressing so self-hosted endpoints work. */
export function createS3Storage(config: S3Config, options: { logger?: StorageLogger } = {}): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: true,
    requestHandler: S3_TIMEOUTS,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;
  const raw: RawStorage = {
    async put(Key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
    },
    async get(Key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key }));
        const bytes = await result.Body?.transformToByteArray();
        if (!bytes) return null;
        return { body: Buffer.from(bytes), contentType: result.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
  return guarded('s3', raw, options.logger);
}
