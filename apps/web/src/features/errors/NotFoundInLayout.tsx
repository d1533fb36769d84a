import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { ErrorView } from './ErrorView';
import { HomeButton } from './HomeButton';

/** An unknown address of the back-office: said inside the layout, so the sidebar stays as the way on. */
export default function NotFoundInLayout() {
  const { t } = useTranslation('errors-page');
  return (
    <ErrorView
      icon={SearchOffIcon}
      code="404"
      title={t('notFound.title')}
      text={t('notFound.text')}
      action={<HomeButton />}
    />
  );
}
