import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('parseConfig', () => {
  it('has defaults for an empty environment: embedded database with demo data', () => {
    const config = parseConfig({}, '/srv/avlu');
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/avlu/data'),
      databaseUrl: undefined,
      databaseStartTimeoutSeconds: 60,
      admin: { email: 'admin@avlu.local', password: undefined },
      demoData: true,
      publicUrl: 'http://localhost:3000',
      trustProxy: [],
      apiDocs: 'public',
      logLevel: 'info',
      production: false,
      mail: { from: 'Avlu <no-reply@avlu.local>', smtp: undefined },
      staffSessions: { idleMinutes: 120, rememberedIdleMinutes: 10_080 },
      staffLoginLockFailures: 100,
      customerRetentionDays: 30,
      sms: {
        gateway: undefined,
        hourlyBudget: 1000,
        codesPerAddressPerHour: 20,
        mallHourlyBudget: 300,
        registeredReservePercent: 20,
        codesPerNetworkPerHour: 60,
        codesPerPrefixPerHour: 20,
        failedCodesPerAddressPerHour: 10,
        failedCodesPerNetworkPerHour: 30,
        challengePercent: 25,
        challengeComplexity: 5000,
        challengeKey: undefined,
        allowedCountries: ['TR'],
      },
      perUser: { counts: 2, exports: 1 },
      files: {
        urlSecret: undefined,
        urlTtlSeconds: 900,
        uploadsPerDay: 200,
        uploadBytesPerDay: 200 * 1024 * 1024,
        orphanGraceHours: 24,
      },
      retention: { outboxDays: 30, sessionDays: 30 },
    });
  });

  it('reads every variable', () => {
    const config = parseConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/avlu',
        DATABASE_URL: 'postgres://avlu:secret@db:5432/avlu',
        DATABASE_START_TIMEOUT_SECONDS: '120',
        ADMIN_EMAIL: 'Yonetici@Example.com',
        ADMIN_PASSWORD: 'çok-gizli',
        DEMO_DATA: 'TRUE',
        PUBLIC_URL: 'https://avm.example.com',
        TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,2001:db8::/32',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
        CUSTOMER_RETENTION_DAYS: '90',
        STAFF_SESSION_IDLE_MINUTES: '30',
        STAFF_SESSION_REMEMBERED_IDLE_MINUTES: '1440',
        STAFF_LOGIN_LOCK_FAILURES: '50',
        SMS_GATEWAY_URL: 'https://api.netgsm.com.tr',
        SMS_GATEWAY_USER: '8508501234',
        SMS_GATEWAY_PASSWORD: 'gizli şifre',
        SMS_GATEWAY_SENDER: 'KORDON AVM',
        SMS_HOURLY_BUDGET: '0',
        SMS_CODES_PER_ADDRESS_PER_HOUR: '50',
        SMS_MALL_HOURLY_BUDGET: '100',
        SMS_REGISTERED_RESERVE_PERCENT: '30',
        SMS_CODES_PER_NETWORK_PER_HOUR: '200',
        SMS_CODES_PER_PREFIX_PER_HOUR: '40',
        SMS_FAILED_CODES_PER_ADDRESS_PER_HOUR: '5',
        SMS_FAILED_CODES_PER_NETWORK_PER_HOUR: '15',
        SMS_CHALLENGE_PERCENT: '0',
        SMS_CHALLENGE_COMPLEXITY: '20000',
        SMS_CHALLENGE_KEY: 'a-long-challenge-secret-of-32-characters-or-more',
        SMS_ALLOWED_COUNTRIES: 'TR,CY',
        COUNTS_PER_USER: '3',
        EXPORTS_PER_USER: '2',
        FILE_URL_SECRET: 'k'.repeat(40),
        FILE_URL_TTL_SECONDS: '60',
        UPLOAD_FILES_PER_DAY: '5',
        UPLOAD_MB_PER_DAY: '10',
        FILE_ORPHAN_GRACE_HOURS: '48',
        OUTBOX_RETENTION_DAYS: '7',
        SESSION_RETENTION_DAYS: '14',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/avlu',
      databaseUrl: 'postgres://avlu:secret@db:5432/avlu',
      databaseStartTimeoutSeconds: 120,
      admin: { email: 'yonetici@example.com', password: 'çok-gizli' },
      demoData: true,
      publicUrl: 'https://avm.example.com',
      trustProxy: ['10.0.0.5', '10.1.0.0/16', 'loopback', '2001:db8::/32'],
      apiDocs: 'staff',
      logLevel: 'debug',
      production: true,
      mail: { from: 'Avlu <no-reply@avlu.local>', smtp: undefined },
      staffSessions: { idleMinutes: 30, rememberedIdleMinutes: 1440 },
      staffLoginLockFailures: 50,
      customerRetentionDays: 90,
      sms: {
        gateway: {
          url: 'https://api.netgsm.com.tr',
          user: '8508501234',
          password: 'gizli şifre',
          sender: 'KORDON AVM',
        },
        hourlyBudget: 0,
        codesPerAddressPerHour: 50,
        mallHourlyBudget: 100,
        registeredReservePercent: 30,
        codesPerNetworkPerHour: 200,
        codesPerPrefixPerHour: 40,
        failedCodesPerAddressPerHour: 5,
        failedCodesPerNetworkPerHour: 15,
        challengePercent: 0,
        challengeComplexity: 20000,
        challengeKey: 'a-long-challenge-secret-of-32-characters-or-more',
        allowedCountries: ['TR', 'CY'],
      },
      perUser: { counts: 3, exports: 2 },
      files: {
        urlSecret: 'k'.repeat(40),
        urlTtlSeconds: 60,
        uploadsPerDay: 5,
        uploadBytesPerDay: 10 * 1024 * 1024,
        orphanGraceHours: 48,
      },
      retention: { outboxDays: 7, sessionDays: 14 },
    });
  });

  it('links to http://localhost:PORT without PUBLIC_URL, and drops a trailing slash', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://avm.example.com/' }).publicUrl).toBe('https://avm.example.com');
  });

  it('refuses production without PUBLIC_URL, and seeds no demo data there unless asked', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_URL: Required in production: links in mail (password reset, invitations) point to it',
    ]);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://avm.example.com' };
    expect(parseConfig(production).demoData).toBe(false);
    expect(parseConfig({ ...production, DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('names a TRUST_PROXY entry that is not an address, a CIDR range or a named range', () => {
    for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.local', '10.0.0.1,', '::1/129'])
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        'TRUST_PROXY: Addresses or CIDR ranges of the reverse proxies, separated by commas: 10.0.0.5,10.1.0.0/16',
      ]);
  });

  it('reads API_DOCS', () => {
    expect(parseConfig({ API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(
      parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', API_DOCS: 'public' }).apiDocs,
    ).toBe('public');
  });

  it('holds ADMIN_PASSWORD to the password rule: 8 characters, not a common one', () => {
    expect(problemsOf({ ADMIN_PASSWORD: 'Password1' })).toEqual([
      'ADMIN_PASSWORD: This password is too common and easy to guess; choose another one',
    ]);
    expect(parseConfig({ ADMIN_PASSWORD: 'Kordon-2026' }).admin.password).toBe('Kordon-2026');
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(parseConfig({ DATA_DIR: 'var/avlu' }, '/srv').dataDir).toBe('/srv/var/avlu');
  });

  it('turns demo data off by default on PostgreSQL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgresql://localhost/avlu' }).demoData).toBe(false);
  });

  it.each([
    ['1', true],
    ['0', false],
    ['true', true],
    ['False', false],
  ])('reads DEMO_DATA=%s as %s', (value, expected) => {
    expect(parseConfig({ DEMO_DATA: value }).demoData).toBe(expected);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', DEMO_DATA: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      demoData: true,
    });
  });

  it('names every bad value with the reason', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://localhost/avlu',
      ADMIN_EMAIL: 'not-an-email',
      ADMIN_PASSWORD: '123',
      DEMO_DATA: 'yes',
      PUBLIC_URL: 'avm.example.com',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toEqual([
      'PORT: Must be at most 65535',
      'DATABASE_URL: Enter a valid URL',
      'ADMIN_EMAIL: Enter a valid email address',
      'ADMIN_PASSWORD: Must be at least 8 characters',
      'DEMO_DATA: Must be one of: 0, 1, true, false',
      'PUBLIC_URL: Enter a valid URL',
      'LOG_LEVEL: Must be one of: fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('names a retention period that is not a whole number of days from 1 to 3650', () => {
    expect(problemsOf({ CUSTOMER_RETENTION_DAYS: '0' })).toEqual([
      'CUSTOMER_RETENTION_DAYS: Must be at least 1',
    ]);
    expect(problemsOf({ CUSTOMER_RETENTION_DAYS: 'otuz' })).toEqual([
      'CUSTOMER_RETENTION_DAYS: Must be a number',
    ]);
  });

  it('names a start timeout or per-user limit out of range', () => {
    expect(problemsOf({ DATABASE_START_TIMEOUT_SECONDS: '-1' })).toEqual([
      'DATABASE_START_TIMEOUT_SECONDS: Must be at least 0',
    ]);
    expect(problemsOf({ COUNTS_PER_USER: '0', EXPORTS_PER_USER: 'bir' })).toEqual([
      'COUNTS_PER_USER: Must be at least 1',
      'EXPORTS_PER_USER: Must be a number',
    ]);
  });

  it('refuses a file URL secret shorter than 32 characters', () => {
    expect(problemsOf({ FILE_URL_SECRET: 'short' })).toEqual([
      'FILE_URL_SECRET: Must be at least 32 characters',
    ]);
  });

  it('rejects a port that is not a number', () => {
    expect(problemsOf({ PORT: 'http' })).toEqual(['PORT: Must be a number']);
  });

  it('reads the SMTP settings, with TLS on port 465 by default', () => {
    const config = parseConfig({
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '465',
      SMTP_USER: 'avlu',
      SMTP_PASSWORD: 'gizli şifre',
      SMTP_FROM: 'Çınaraltı AVM <bilgi@avm.example.com>',
    });
    expect(config.mail).toEqual({
      from: 'Çınaraltı AVM <bilgi@avm.example.com>',
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        secure: true,
        auth: { user: 'avlu', pass: 'gizli şifre' },
      },
    });
  });

  it('defaults SMTP to port 587 with STARTTLS and no login', () => {
    expect(parseConfig({ SMTP_HOST: 'mail.local' }).mail.smtp).toEqual({
      host: 'mail.local',
      port: 587,
      secure: false,
      auth: undefined,
    });
    expect(
      parseConfig({ SMTP_HOST: 'mail.local', SMTP_PORT: '2525', SMTP_SECURE: 'true' }).mail.smtp,
    ).toMatchObject({
      port: 2525,
      secure: true,
    });
  });

  it('names half-set or stray SMTP settings and a bad sender', () => {
    expect(problemsOf({ SMTP_HOST: 'mail.local', SMTP_USER: 'avlu', SMTP_FROM: 'nobody' })).toEqual([
      'SMTP_FROM: Must be an address, or a name and an address: Avlu <no-reply@avm.example.com>',
      'SMTP_USER, SMTP_PASSWORD: set both or neither',
    ]);
    expect(problemsOf({ SMTP_PORT: '25' })).toEqual([
      'SMTP_HOST: Required when SMTP_PORT, SMTP_USER or SMTP_SECURE is set',
    ]);
    expect(problemsOf({ SMTP_PORT: 'x', SMTP_SECURE: 'maybe' })).toEqual([
      'SMTP_PORT: Must be a number',
      'SMTP_SECURE: Must be one of: 0, 1, true, false',
    ]);
  });

  it('defaults the SMS sender name to AVLU', () => {
    expect(
      parseConfig({
        SMS_GATEWAY_URL: 'http://127.0.0.1:8080/',
        SMS_GATEWAY_USER: 'u',
        SMS_GATEWAY_PASSWORD: 'p',
      }).sms.gateway,
    ).toEqual({ url: 'http://127.0.0.1:8080/', user: 'u', password: 'p', sender: 'AVLU' });
  });

  it('names half-set, stray or bad SMS settings', () => {
    expect(problemsOf({ SMS_GATEWAY_URL: 'https://api.netgsm.com.tr' })).toEqual([
      'SMS_GATEWAY_USER, SMS_GATEWAY_PASSWORD: Required when SMS_GATEWAY_URL is set',
    ]);
    expect(problemsOf({ SMS_GATEWAY_URL: 'https://api.netgsm.com.tr', SMS_GATEWAY_USER: 'u' })).toEqual([
      'SMS_GATEWAY_USER, SMS_GATEWAY_PASSWORD: Required when SMS_GATEWAY_URL is set',
    ]);
    expect(problemsOf({ SMS_GATEWAY_USER: 'u', SMS_GATEWAY_PASSWORD: 'p' })).toEqual([
      'SMS_GATEWAY_URL: Required when SMS_GATEWAY_USER, SMS_GATEWAY_PASSWORD or SMS_GATEWAY_SENDER is set',
    ]);
    expect(problemsOf({ SMS_GATEWAY_SENDER: 'AVLU' })).toHaveLength(1);
    const problems = problemsOf({
      SMS_GATEWAY_URL: 'ftp://gateway',
      SMS_GATEWAY_SENDER: 'TWELVE CHARS',
      SMS_HOURLY_BUDGET: '-1',
      SMS_CODES_PER_ADDRESS_PER_HOUR: '0',
      SMS_REGISTERED_RESERVE_PERCENT: '101',
      SMS_CHALLENGE_KEY: 'too short',
      SMS_ALLOWED_COUNTRIES: 'tr, cy',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'SMS_GATEWAY_URL',
      'SMS_GATEWAY_SENDER',
      'SMS_HOURLY_BUDGET',
      'SMS_CODES_PER_ADDRESS_PER_HOUR',
      'SMS_REGISTERED_RESERVE_PERCENT',
      'SMS_CHALLENGE_KEY',
      'SMS_ALLOWED_COUNTRIES',
    ]);
  });
});
