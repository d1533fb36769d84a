import { z } from 'zod';
import { objectId } from '../common/ids';
import { email } from './password';

export const invitationStatuses = ['pending', 'accepted', 'expired'] as const;

/** A row of GET /core/admin-invites. */
export const invitation = z.object({
  _id: objectId,
  admin_invite_email: z.string(),
  admin_invite_role_id: objectId,
  admin_invite_role_name: z.string(),
  admin_invite_location_ids: z.array(objectId),
  status: z.enum(invitationStatuses),
  expiresAt: z.iso.datetime(),
  created_at: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitation>;

/** POST /core/admin-invites: email and role required (spec §6); malls default to the inviter's current one. */
export const invitationInput = z.strictObject({
  admin_invite_email: email,
  admin_invite_role_id: objectId,
  admin_invite_location_ids: z.array(objectId).min(1).max(500).optional(),
});
export type InvitationInput = z.infer<typeof invitationInput>;
