import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * The one validated configuration of the server, read once at boot. Every variable is listed with its default in
 * README.md and .env.example; nothing else in the server reads process.env.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().default('./data'),
  /** The built web app (vite build output) that the server serves. */
  WEB_DIR: z.string().default('dist/web'),
  DATABASE_URL: optionalUrl,
  /** Where the embedded database runs without DATABASE_URL: its own thread, or the server's (decisions 066, 074). */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  AUTH_SECRET: optionalText,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Kvitt <no-reply@kvitt.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log event-loop delay and memory every this many ms (decision 067); 0 logs nothing. */
  METRICS_INTERVAL_MS: z.coerce.number().int().min(0).default(0),
  /** Memory for the group answers kept per ledger version (decision 075), in MiB; 0 keeps none. */
  GROUP_ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  TRUST_PROXY: flag,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('eu-north-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  ECB_RATES_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml'),
  OCR_WORKERS: z.coerce.number().int().min(0).max(8).default(2),
  OCR_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20000),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_YEARLY: optionalText,
  STRIPE_API_BASE: optionalUrl,
  SUPPORT_EMAIL: z.email().default('support@kvitt.se'),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Tries at a group code from one address per 15 minutes, over every account using it. */
  JOIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Web Push keys (base64url, as web-push makes them); both or neither: without them keys are kept in DATA_DIR. */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about our messages: a mailto: or https: URL (default: mailto:SUPPORT_EMAIL). */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^(mailto:|https:)/, 'a mailto: or https: URL')
        .optional(),
    )
    .optional(),
});

export type Env = z.infer<typeof envSchema> & {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
};

/** Parses the environment; throws one readable message listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new Error(
      'Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  return { ...env, dataDir: path.resolve(env.DATA_DIR) };
}
