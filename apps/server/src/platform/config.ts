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

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
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
  SMS_ALLOWED_COUNTRIES: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}(,[A-Z]{2})*$/, 'Comma-separated ISO country codes, e.g. TR or TR,CY')
    .default('TR'),
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
  /** Sign-in codes one client address may ask for in an hour. */
  codesPerAddressPerHour: number;
  /** Countries whose mobile numbers may sign in to micro-sites (ISO codes). */
  allowedCountries: string[];
};

export type Config = {
  port: number;
  host: string;
  /** Absolute; a relative DATA_DIR is taken from the process's working directory. */
  dataDir: string;
  /** Unset: the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  admin: { email: string; password: string | undefined };
  demoData: boolean;
  /** Where users reach the app; links the server sends start with it (see links.ts). */
  publicUrl: string;
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
  const problems = [...mailProblems, ...smsProblems, ...publicUrlProblems];
  if (problems.length > 0) throw new ConfigError(problems);
  const secure = values.SMTP_SECURE ?? values.SMTP_PORT === 465;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    admin: { email: values.ADMIN_EMAIL.toLowerCase(), password: values.ADMIN_PASSWORD },
    // Demo malls make the embedded quick start useful at once; a real server, and any production
    // one, starts clean unless asked: demo customers are made-up people in a live mall's lists.
    demoData: values.DEMO_DATA ?? (values.DATABASE_URL === undefined && !production),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
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
      allowedCountries: values.SMS_ALLOWED_COUNTRIES.split(','),
    },
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
