import { type AdminCreate, adminCreate } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { Form, PasswordField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { session } from '../../lib/session/storage';
import { LocationsField } from '../locations/LocationsField';
import { RoleSelectField } from '../roles/RoleSelectField';
import { users } from './users.resource';
import './texts';

/** /user/new: a user made by staff with a first password (POST /core/admin). */
export default function UserCreatePage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const create = users.useCreate({ error: false });
  const current = session.currentLocationId();
  const form = useZodForm(adminCreate, {
    defaultValues: {
      admin_email: '',
      admin_name: '',
      admin_surname: '',
      admin_password: '',
      admin_location_ids: current ? [current] : [],
    },
  });

  const submit = async (values: AdminCreate) => {
    await create.mutateAsync(values);
    navigate('/user/users');
  };

  return (
    <>
      <PageHeader
        title={t('new.title')}
        crumbs={[{ label: t('title'), to: '/user/users' }, { label: t('new.title') }]}
      />
      <Card sx={{ p: 3, maxWidth: 720 }}>
        <Form form={form} labels="users" onSubmit={submit}>
          <TextField name="admin_email" type="email" autoComplete="off" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField name="admin_name" />
            <TextField name="admin_surname" />
          </Stack>
          <PasswordField name="admin_password" autoComplete="new-password" hint="users:new.passwordHint" />
          <RoleSelectField name="admin_role_id" />
          <LocationsField name="admin_location_ids" />
          <SubmitButton sx={{ alignSelf: 'flex-end' }} />
        </Form>
      </Card>
    </>
  );
}
