import type { Language } from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuditRequest } from '../../platform/audit';
import type { StaffUser } from '../../platform/auth/route-access';
import { AppError } from '../../platform/errors';

/** Who acts, as services see it: the rules look at `staff`, the audit log at the rest. */
export type Acting = AuditRequest & { staff: StaffUser; lang: Language };

/** The request of a route that needs sign-in; the auth hook has already refused one without staff. */
export const acting = (request: FastifyRequest): Acting => {
  if (!request.staff) throw new AppError('UNAUTHORIZED', 401);
  return request as FastifyRequest & { staff: StaffUser };
};
