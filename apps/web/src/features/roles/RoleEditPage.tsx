import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { isSystemAdmin } from '../../lib/permissions';
import { RoleForm } from './RoleForm';
import { roles } from './roles.resource';
import './texts';

/** /user/roles/{id}/edit. */
export default function RoleEditPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const { id } = useParams();
  const role = roles.useOne(isObjectId(id) ? id : undefined);
  const update = roles.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : role.error?.message;

  const body = problem ? (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error">{problem}</Alert>
      <Button component={RouterLink} to="/user/roles">
        {t('edit.backToList')}
      </Button>
    </Stack>
  ) : !role.data ? (
    <LoadingScreen fullPage={false} />
  ) : isSystemAdmin(role.data) ? (
    <Alert severity="info">{t('systemAdmin')}</Alert>
  ) : (
    <RoleForm
      defaultValues={{ role_name: role.data.role_name, menu_items: role.data.menu_items }}
      onSubmit={async (data) => {
        await update.mutateAsync({ id: role.data._id, data });
        navigate('/user/roles');
      }}
    />
  );

  return (
    <>
      <PageHeader
        title={t('edit.title')}
        crumbs={[{ label: t('title'), to: '/user/roles' }, { label: t('edit.title') }]}
      />
      {body}
    </>
  );
}
