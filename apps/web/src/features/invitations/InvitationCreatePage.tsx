import { type InvitationInput, invitationInput } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ApiError, isApiError } from '../../lib/api';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { LocationsField } from '../locations/LocationsField';
import { RoleSelectField } from '../roles/RoleSelectField';
import { invitations } from './invitations.resource';
import './texts';

/** /user/invitations/new: email and role required (spec §6); the malls default to the current one. */
export default function InvitationCreatePage() {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const create = invitations.useCreate({ error: false });
  const form = useZodForm(invitationInput, { defaultValues: { admin_invite_email: '' } });

  const submit = async ({ admin_invite_location_ids, ...values }: InvitationInput) => {
    const body = { ...values, ...(admin_invite_location_ids?.length && { admin_invite_location_ids }) };
    await create.mutateAsync(body).catch((error: unknown) => {
      // Spec §8: the server's message (under its field when it names one), else 'Invite can not send'.
      throw isApiError(error) && (error.statusCode > 0 || error.canceled)
        ? error
        : new ApiError({ statusCode: -1, code: 'INVITE_NOT_SENT', message: t('sendFailed') });
    });
    navigate('/user/invitations');
  };

  return (
    <>
      <PageHeader
        title={t('new.title')}
        crumbs={[{ label: t('title'), to: '/user/invitations' }, { label: t('new.title') }]}
      />
      <Card sx={{ p: 3, maxWidth: 720 }}>
        <Form form={form} labels="invitations" onSubmit={submit}>
          <Typography variant="body2" color="text.secondary">
            {t('new.intro')}
          </Typography>
          <TextField name="admin_invite_email" type="email" autoComplete="off" autoFocus />
          <RoleSelectField name="admin_invite_role_id" />
          <LocationsField name="admin_invite_location_ids" hint="invitations:new.locationsHint" />
          <SubmitButton sx={{ alignSelf: 'flex-end' }}>{t('new.submit')}</SubmitButton>
        </Form>
      </Card>
    </>
  );
}
