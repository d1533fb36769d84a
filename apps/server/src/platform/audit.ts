import type { FastifyRequest } from 'fastify';
import { auditLog } from '../modules/audit/audit.tables';
import type { Database } from './db/database';

/**
 * Audit actions. Other modules add theirs as plain strings shaped `<area>.<verb>`
 * ('user.created', 'role.deleted', 'invitation.sent', ...); these are the auth core's own.
 */
export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.login_blocked'
  | 'auth.logout'
  | 'auth.password_changed'
  | 'access.denied'
  | (string & {});

export type AuditEntry = {
  action: AuditAction;
  /** The kind of record acted on: 'admin', 'role', 'invitation', 'location', a route for 'access.denied'. */
  entity?: string;
  entityId?: string;
  /** Anything that helps a reader later; never passwords or tokens. */
  details?: Record<string, unknown>;
  /** The actor when the request has no signed-in staff yet (a login, a register by invitation). */
  actorId?: string | null;
  /** The mall when the request has none (a job's change to one mall's records). */
  locationId?: string;
};

/** Request fields an audit row keeps; a request is optional so jobs can audit too. */
export type AuditRequest = Pick<FastifyRequest, 'ip' | 'headers' | 'staff' | 'location'>;

const clip = (value: string | undefined, length: number) => value?.slice(0, length) ?? null;

/**
 * Writes one audit row: who (the request's signed-in staff unless `actorId` is given), from which
 * address and browser, in which mall, did what to which record. Call it inside the same transaction
 * as the change it records, so a rolled-back change leaves no entry.
 */
export const audit = async (
  db: Database,
  request: AuditRequest | undefined,
  entry: AuditEntry,
): Promise<void> => {
  const userAgent = request?.headers['user-agent'];
  await db.insert(auditLog).values({
    action: entry.action,
    actor_admin_id: entry.actorId === undefined ? (request?.staff?._id ?? null) : entry.actorId,
    entity_type: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
    client_address: clip(request?.ip, 64),
    user_agent: clip(typeof userAgent === 'string' ? userAgent : undefined, 512),
    details: entry.details ?? {},
    location_id: request?.location?._id ?? entry.locationId ?? null,
  });
};
