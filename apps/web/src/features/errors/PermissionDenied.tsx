import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorView } from './ErrorView';
import { HomeButton } from './HomeButton';

export function PermissionDenied() {
  const { t } = useTranslation('errors-page');
  return (
    <ErrorView
      icon={LockOutlinedIcon}
      title={t('permissionDenied.title')}
      text={t('permissionDenied.text')}
      action={<HomeButton />}
    />
  );
}
