/** Every table of every module: the drizzle schema of the Database type and of drizzle-kit. */
export * from '../modules/admins/admins.tables';
export * from '../modules/agreements/agreements.tables';
export * from '../modules/audit/audit.tables';
export * from '../modules/auth/login-throttles.tables';
export * from '../modules/auth/rate-limits.tables';
export * from '../modules/auth/sessions.tables';
export * from '../modules/channels/channels.tables';
export * from '../modules/customers/customers.tables';
export * from '../modules/invitations/invitations.tables';
export * from '../modules/locations/locations.tables';
export * from '../modules/micro-site/micro-site.tables';
export * from '../modules/roles/roles.tables';
export * from '../modules/users/password-resets.tables';
export * from '../platform/mail/mail-outbox.tables';
export * from '../platform/sms/sms-outbox.tables';
