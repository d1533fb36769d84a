import { isIP } from 'node:net';
import path from 'node:path';
import { issuesToFields, PASSWORD_MIN_LENGTH } from '@avlu/contracts';
import { z } from 'zod';
import { isCommonPassword } from './passwords';

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0']))
  .transform((value) => value === 'true' || value === '1');

const DEFAULT_MAIL_FROM = 'Avlu <no-reply@avlu.local>';

/** `a@b.c` or `Name <a@b.c>`, as the From header takes it. */
const isSender = (value: string) => {
  const address = /<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
};

/** An address or CIDR range proxy-addr (Fastify's trustProxy) takes, or one of its named ranges. */
const isProxyAddress = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  ADMIN_EMAIL: z.email().min(6).max(265).default('admin@avlu.local'),
  // The first admin's password follows the rule of every other password (contracts' `password`).
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH)
    .max(200)
    .refine((value) => !isCommonPassword(value), { message: 'validation.passwordCommon' })
    .optional(),
  DEMO_DATA: flag.optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: z.string().trim().optional(),
  API_DOCS: z.enum(['public', 'staff', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  SMTP_HOST: z.string().trim().min(1).max(253).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().max(320).optional(),
  SMTP_PASSWORD: z.string().max(1000).optional(),
  SMTP_FROM: z.string().trim().max(320).default(DEFAULT_MAIL_FROM),
  SMTP_SECURE: flag.optional(),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(525_600).default(120),
  STAFF_SESSION_REMEMBERED_IDLE_MINUTES: z.coerce.number().int().min(1).max(525_600).default(10_080),
  STAFF_LOGIN_LOCK_FAILURES: z.coerce.number().int().min(10).max(100_000).default(100),
  CUSTOMER_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_GATEWAY_USER: z.string().trim().min(1).max(100).optional(),
  SMS_GATEWAY_PASSWORD: z.string().max(200).optional(),
  SMS_GATEWAY_SENDER: z.string().trim().min(1).max(11).optional(),
  SMS_HOURLY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(1000),
  SMS_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  SMS_MALL_HOURLY_BUDGET: z.coerce.number().int().min(0).max(10_000_000).default(300),
  SMS_REGISTERED_RESERVE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  SMS_CODES_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(60),
  SMS_CODES_PER_PREFIX_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SMS_FAILED_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SMS_FAILED_CODES_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  SMS_CHALLENGE_PERCENT: z.coerce.number().int().min(0).max(100).default(25),
  SMS_CHALLENGE_COMPLEXITY: z.coerce.number().int().min(10).max(1_000_000).default(5000),
  SMS_CHALLENGE_KEY: z.string().min(32).max(500).optional(),
  COUNTS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  EXPORTS_PER_USER: z.coerce.number().int().min(1).max(100).default(1),
  SMS_ALLOWED_COUNTRIES: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'Comma-separated ISO country codes, e.g. TR or TR,CY')
    .default('TR'),
  FILE_URL_SECRET: z
    .string()
    .min(32, 'At least 32 characters (e.g. openssl rand -base64 32)')
    .max(128)
    .optional(),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(604_800).default(900),
  UPLOAD_FILES_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(200),
  UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(200),
  FILE_ORPHAN_GRACE_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

/** SMTP settings; without SMTP_HOST mail goes to the development outbox (the mail_outbox table and the log). */
export type SmtpConfig = {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
};

/** SMS: an HTTP gateway when SMS_GATEWAY_URL is set, else the development outbox; and the sign-in code limits. */
export type SmsConfig = {
  gateway: { url: string; user: string; password: string; sender: string } | undefined;
  /** SMS sent in any one hour, all malls together, before sending stops (0 sends none: a kill switch). */
  hourlyBudget: number;
  /** Sign-in codes one client address (IPv6: its /64) may ask for in an hour. */
  codesPerAddressPerHour: number;
  /**
   * SMS one mall may send in an hour unless `locations.location_sms_hourly_budget` says otherwise, so
   * pumping one mall's public micro-site cannot spend every mall's share of `hourlyBudget`.
   */
  mallHourlyBudget: number;
  /** The share (%) of a mall's hourly budget only phones already registered at the mall may use. */
  registeredReservePercent: number;
  /** Sign-in codes one client network (IPv4 /24, IPv6 /64) may ask for in an hour. */
  codesPerNetworkPerHour: number;
  /** Sign-in codes to one number range (the first SMS_PREFIX_DIGITS digits) in an hour. */
  codesPerPrefixPerHour: number;
  /** Wrong sign-in codes from one client address in an hour before its verifications are refused. */
  failedCodesPerAddressPerHour: number;
  /** The same for a client network (IPv4 /24, IPv6 /64). */
  failedCodesPerNetworkPerHour: number;
  /**
   * A proof-of-work challenge is required once a mall (or the server) has used this share (%) of its
   * hourly budget, or its wrong codes reach this share of its budget; 0 always requires one.
   */
  challengePercent: number;
  /** The largest counter a challenge asks for (the client's work, on average half of it). */
  challengeComplexity: number;
  /** HMAC secret of challenges; unset, one is generated once and kept in the database. */
  challengeKey: string | undefined;
  /** Countries whose mobile numbers may sign in to micro-sites (ISO codes). */
  allowedCountries: string[];
};

/** Uploaded files: signed links to private files, the per-user upload quota, the orphan sweep. */
export type FilesConfig = {
  /** Key of the HMAC over private files' URLs; unset: generated once and kept in the database (server-secrets.ts). */
  urlSecret: string | undefined;
  /** How long a signed URL to a private file stays valid. */
  urlTtlSeconds: number;
  /** Files and bytes one user may upload in any 24 hours. */
  uploadsPerDay: number;
  uploadBytesPerDay: number;
  /** Hours a stored file may stay unreferenced (uploaded, not yet saved in a form) before the sweep removes it. */
  orphanGraceHours: number;
};

export type Config = {
  port: number;
  host: string;
  /** Absolute; a relative DATA_DIR is taken from the process's working directory. */
  dataDir: string;
  /** Unset: the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  /** How long start-up keeps retrying the first PostgreSQL connection (with back-off) before exiting. */
  databaseStartTimeoutSeconds: number;
  admin: { email: string; password: string | undefined };
  demoData: boolean;
  /** Where users reach the app; links the server sends start with it (see links.ts). */
  publicUrl: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`); empty: none, the
   * client is the connection's peer. Address limits count the client address this yields.
   */
  trustProxy: string[];
  /** Who may read /api/docs: anyone, signed-in staff (the default in production), or nobody. */
  apiDocs: 'public' | 'staff' | 'off';
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  production: boolean;
  mail: { from: string; smtp: SmtpConfig | undefined };
  /** A staff session unused this long ends: sign-ins without "remember me", and with it. */
  staffSessions: { idleMinutes: number; rememberedIdleMinutes: number };
  /** Failed password attempts on one staff account in a day, from all addresses, that lock it (unlock by mail). */
  staffLoginLockFailures: number;
  /** Days a deleted customer can be reactivated before the retention job erases their personal data. */
  customerRetentionDays: number;
  sms: SmsConfig;
  /**
   * Heavy reads one staff user may run at once, across every server process (platform/db/user-slots.ts):
   * segment counts, and exports.
   */
  perUser: { counts: number; exports: number };
  files: FilesConfig;
  /** Days the maintenance job keeps outbox rows (mail, SMS) and ended sessions (staff, customers). */
  retention: { outboxDays: number; sessionDays: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the settings from environment variables; an empty variable counts as unset (as compose files leave them). */
export const parseConfig = (env: Record<string, string | undefined>, cwd = process.cwd()): Config => {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = environment.safeParse(present);
  if (!result.success) {
    const fields = issuesToFields(result.error.issues, 'en');
    throw new ConfigError(Object.entries(fields).map(([name, message]) => `${name}: ${message}`));
  }
  const values = result.data;
  const mailProblems = [
    ...(isSender(values.SMTP_FROM)
      ? []
      : ['SMTP_FROM: Must be an address, or a name and an address: Avlu <no-reply@avm.example.com>']),
    // A user without a password (or the reverse) is a half-set login the SMTP server would only refuse later.
    ...((values.SMTP_USER === undefined) !== (values.SMTP_PASSWORD === undefined)
      ? ['SMTP_USER, SMTP_PASSWORD: set both or neither']
      : []),
    // Settings without a host would be silently ignored: mail would go to the outbox instead.
    ...(values.SMTP_HOST === undefined &&
    [values.SMTP_PORT, values.SMTP_USER, values.SMTP_SECURE].some((value) => value !== undefined)
      ? ['SMTP_HOST: Required when SMTP_PORT, SMTP_USER or SMTP_SECURE is set']
      : []),
  ];
  const smsProblems = [
    // Gateway settings without its address would be silently ignored: sign-in codes would go to the
    // outbox (and GET /api/dev/outbox) instead of the customers' phones.
    ...(values.SMS_GATEWAY_URL === undefined &&
    [values.SMS_GATEWAY_USER, values.SMS_GATEWAY_PASSWORD, values.SMS_GATEWAY_SENDER].some(
      (value) => value !== undefined,
    )
      ? ['SMS_GATEWAY_URL: Required when SMS_GATEWAY_USER, SMS_GATEWAY_PASSWORD or SMS_GATEWAY_SENDER is set']
      : []),
    // The gateway refuses every message without a login: say so at start, not at the first sign-in.
    ...(values.SMS_GATEWAY_URL !== undefined &&
    (values.SMS_GATEWAY_USER === undefined || values.SMS_GATEWAY_PASSWORD === undefined)
      ? ['SMS_GATEWAY_USER, SMS_GATEWAY_PASSWORD: Required when SMS_GATEWAY_URL is set']
      : []),
  ];
  const production = values.NODE_ENV === 'production';
  // Links in mail would otherwise need a host, and the request's Host header is the attacker's to choose.
  const publicUrlProblems =
    production && values.PUBLIC_URL === undefined
      ? ['PUBLIC_URL: Required in production: links in mail (password reset, invitations) point to it']
      : [];
  const trustProxy = values.TRUST_PROXY?.split(',').map((entry) => entry.trim()) ?? [];
  const proxyProblems = trustProxy.every(isProxyAddress)
    ? []
    : [
        'TRUST_PROXY: Addresses or CIDR ranges of the reverse proxies, separated by commas: 10.0.0.5,10.1.0.0/16',
      ];
  const problems = [...mailProblems, ...smsProblems, ...publicUrlProblems, ...proxyProblems];
  if (problems.length > 0) throw new ConfigError(problems);
  const secure = values.SMTP_SECURE ?? values.SMTP_PORT === 465;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databaseStartTimeoutSeconds: values.DATABASE_START_TIMEOUT_SECONDS,
    admin: { email: values.ADMIN_EMAIL.toLowerCase(), password: values.ADMIN_PASSWORD },
    // Demo malls make the embedded quick start useful at once; a real server, and any production
    // one, starts clean unless asked: demo customers are made-up people in a live mall's lists.
    demoData: values.DEMO_DATA ?? (values.DATABASE_URL === undefined && !production),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    trustProxy,
    apiDocs: values.API_DOCS ?? (production ? 'staff' : 'public'),
    logLevel: values.LOG_LEVEL,
    production,
    mail: {
      from: values.SMTP_FROM,
      smtp: values.SMTP_HOST
        ? {
            host: values.SMTP_HOST,
            port: values.SMTP_PORT ?? (secure ? 465 : 587),
            secure,
            auth:
              values.SMTP_USER === undefined
                ? undefined
                : { user: values.SMTP_USER, pass: values.SMTP_PASSWORD ?? '' },
          }
        : undefined,
    },
    staffSessions: {
      idleMinutes: values.STAFF_SESSION_IDLE_MINUTES,
      rememberedIdleMinutes: values.STAFF_SESSION_REMEMBERED_IDLE_MINUTES,
    },
    staffLoginLockFailures: values.STAFF_LOGIN_LOCK_FAILURES,
    customerRetentionDays: values.CUSTOMER_RETENTION_DAYS,
    sms: {
      gateway:
        values.SMS_GATEWAY_URL === undefined
          ? undefined
          : {
              url: values.SMS_GATEWAY_URL,
              user: values.SMS_GATEWAY_USER ?? '',
              password: values.SMS_GATEWAY_PASSWORD ?? '',
              sender: values.SMS_GATEWAY_SENDER ?? 'AVLU',
            },
      hourlyBudget: values.SMS_HOURLY_BUDGET,
      codesPerAddressPerHour: values.SMS_CODES_PER_ADDRESS_PER_HOUR,
      mallHourlyBudget: values.SMS_MALL_HOURLY_BUDGET,
      registeredReservePercent: values.SMS_REGISTERED_RESERVE_PERCENT,
      codesPerNetworkPerHour: values.SMS_CODES_PER_NETWORK_PER_HOUR,
      codesPerPrefixPerHour: values.SMS_CODES_PER_PREFIX_PER_HOUR,
      failedCodesPerAddressPerHour: values.SMS_FAILED_CODES_PER_ADDRESS_PER_HOUR,
      failedCodesPerNetworkPerHour: values.SMS_FAILED_CODES_PER_NETWORK_PER_HOUR,
      challengePercent: values.SMS_CHALLENGE_PERCENT,
      challengeComplexity: values.SMS_CHALLENGE_COMPLEXITY,
      challengeKey: values.SMS_CHALLENGE_KEY,
      allowedCountries: values.SMS_ALLOWED_COUNTRIES.split(','),
    },
    perUser: { counts: values.COUNTS_PER_USER, exports: values.EXPORTS_PER_USER },
    files: {
      urlSecret: values.FILE_URL_SECRET,
      urlTtlSeconds: values.FILE_URL_TTL_SECONDS,
      uploadsPerDay: values.UPLOAD_FILES_PER_DAY,
      uploadBytesPerDay: values.UPLOAD_MB_PER_DAY * 1024 * 1024,
      orphanGraceHours: values.FILE_ORPHAN_GRACE_HOURS,
    },
    retention: { outboxDays: values.OUTBOX_RETENTION_DAYS, sessionDays: values.SESSION_RETENTION_DAYS },
  };
};

/** parseConfig for the process: a bad value is reported on stderr and the process exits with 1. */
export const loadConfig = (): Config => {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
};
