import { type Invitation, type InvitationInput, invitation, invitationInput } from '@avlu/contracts';
import { api, isApiError } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** Invitations (spec §6, §7): GET/POST /core/admin-invites, DELETE /core/admin-invites/{id}. */
export const invitations = defineResource<Invitation, InvitationInput>({
  name: 'invitations',
  path: '/core/admin-invites',
  item: invitation,
  input: invitationInput,
  messages: { created: 'invitations:sent', removed: 'invitations:removed' },
});

/** POST /core/admin-invites/resend/{id}: a fresh link, mailed again. */
export const resendInvitation = (id: string) => api.post(`/core/admin-invites/resend/${id}`);

/** Spec §8: the server's message, else 'Invite can not send'; undefined for a cancelled call. */
export const inviteFailure = (error: unknown, fallback: string) => {
  if (isApiError(error) && error.canceled) return undefined;
  return isApiError(error) && error.statusCode > 0 ? error.message : fallback;
};
