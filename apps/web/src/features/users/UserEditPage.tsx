import { type AdminProfile, type AdminUpdate, adminUpdate, isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { LocationsField } from '../locations/LocationsField';
import { RoleSelectField } from '../roles/RoleSelectField';
import { users } from './users.resource';
import './texts';

function EditUserForm({ user }: { user: AdminProfile }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const update = users.useUpdate({ error: false });
  const form = useZodForm(adminUpdate, {
    defaultValues: {
      admin_name: user.admin_name,
      admin_surname: user.admin_surname,
      admin_role_id: user.admin_role_id,
      admin_location_ids: user.admin_locations.map((location) => location._id),
    },
  });
  const submit = async (data: AdminUpdate) => {
    await update.mutateAsync({ id: user._id, data });
    navigate('/user/users');
  };
  return (
    <Form form={form} labels="users" onSubmit={submit}>
      <MuiTextField
        label={t('fields.admin_email')}
        value={user.admin_email}
        slotProps={{ input: { readOnly: true } }}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField name="admin_name" />
        <TextField name="admin_surname" />
      </Stack>
      <RoleSelectField name="admin_role_id" />
      <LocationsField name="admin_location_ids" />
      <SubmitButton sx={{ alignSelf: 'flex-end' }} />
    </Form>
  );
}

/** /user/{name}/edit?id=…: the name is for people, the id finds the record (also after a reload). */
export default function UserEditPage() {
  const { t } = useTranslation('users');
  const id = useSearchParams()[0].get('id') ?? undefined;
  const user = users.useOne(isObjectId(id) ? id : undefined);
  const missing = !isObjectId(id) || user.isError;
  return (
    <>
      <PageHeader
        title={t('edit.title')}
        crumbs={[{ label: t('title'), to: '/user/users' }, { label: t('edit.title') }]}
      />
      <Card sx={{ p: 3, maxWidth: 720 }}>
        {missing ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error">{user.error?.message ?? t('edit.notFound')}</Alert>
            <Button component={RouterLink} to="/user/users">
              {t('edit.backToList')}
            </Button>
          </Stack>
        ) : user.data ? (
          <EditUserForm user={user.data} />
        ) : (
          <LoadingScreen fullPage={false} />
        )}
      </Card>
    </>
  );
}
