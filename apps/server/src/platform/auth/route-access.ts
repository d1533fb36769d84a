import type { ModuleSubject } from '@avlu/contracts';

/**
 * Who may call a route, declared in its `config` and enforced by the auth hook for every /api route:
 *
 *   config: { auth: 'public' }                           no sign-in (login, register, health)
 *   config: {}                                           any signed-in staff user (own profile)
 *   config: { subject: 'modules:customers:customer-list' }  staff whose role holds the subject
 *   config: { subject: 'system-admin' }                  the system admin only (mall settings)
 *   config: { subject: [a, b] }                          staff whose role holds every one of them (an export
 *                                                        of channel customers needs the customer list too)
 *   config: { scope: 'location', subject: … }            also: locationId must be one of the user's malls
 *
 * The customer micro-site's /ext routes are not staff routes: staff-auth leaves them to
 * modules/micro-site/micro-site-auth.ts, and a staff token opens none of them.
 *
 *   config: { auth: 'micro-site' }   `Authorization: Bearer <locationToken>` of a mall → request.microSiteLocation
 *   config: { auth: 'customer' }     also `customer-token` and `customer-id` of a live customer session
 *                                    of THAT mall → request.customer
 */
export type RouteAccess = 'public' | 'staff' | 'micro-site' | 'customer';

/** Access modes staff-auth does not handle: the micro-site's own. */
export const isMicroSiteAccess = (access: RouteAccess | undefined): access is 'micro-site' | 'customer' =>
  access === 'micro-site' || access === 'customer';
export type RouteSubject = ModuleSubject | 'system-admin';

/** The signed-in staff user of a request, as the auth hook resolved it from the bearer token. */
export type StaffUser = {
  _id: string;
  email: string;
  roleId: string;
  roleName: string;
  isSystemAdmin: boolean;
  /** Subjects of the role's menu_items tree (every subject for the system admin). */
  subjects: ReadonlySet<string>;
  /** Malls the user works for; the system admin may use every mall. */
  locationIds: readonly string[];
  sessionId: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'public': no sign-in needed; 'micro-site' and 'customer': the micro-site's tokens (see above).
     * Every other /api route needs a valid staff token.
     */
    auth?: RouteAccess;
    /**
     * The module the route belongs to (spec §6); a role without it gets 403. A route that reveals
     * another module's data names every module it needs (`[own, other]`): the role must hold all.
     * A route that serves several screens of different modules (the customer's codes: the customer
     * detail and the registration desk) names them as `{ anyOf }`: the role must hold one.
     */
    subject?: RouteSubject | readonly RouteSubject[] | { anyOf: readonly RouteSubject[] };
  }
  interface FastifyRequest {
    /** The signed-in staff user; undefined only on public routes. */
    staff: StaffUser | undefined;
  }
}
