import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ErrorPageFrame } from './ErrorPageFrame';
import { ErrorView } from './ErrorView';
import { HomeButton } from './HomeButton';

export default function NotFoundPage() {
  const { t } = useTranslation('errors-page');
  return (
    <ErrorPageFrame>
      <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
        <ErrorView
          icon={SearchOffIcon}
          code="404"
          title={t('notFound.title')}
          text={t('notFound.text')}
          action={<HomeButton />}
        />
      </Box>
    </ErrorPageFrame>
  );
}
