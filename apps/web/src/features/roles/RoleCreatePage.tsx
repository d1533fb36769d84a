import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { RoleForm } from './RoleForm';
import { roles } from './roles.resource';
import './texts';

/** /user/roles/new. */
export default function RoleCreatePage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const create = roles.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new.title')}
        crumbs={[{ label: t('title'), to: '/user/roles' }, { label: t('new.title') }]}
      />
      <RoleForm
        defaultValues={{ role_name: '', menu_items: [] }}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/user/roles');
        }}
      />
    </>
  );
}
