import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { ErrorPageFrame } from './ErrorPageFrame';
import { ErrorView } from './ErrorView';
import { HomeButton } from './HomeButton';

/** /500, and what the router shows when a screen fails to render or its code fails to load. */
export default function ServerErrorPage() {
  const { t } = useTranslation('errors-page');
  return (
    <ErrorPageFrame>
      <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
        <ErrorView
          icon={CloudOffOutlinedIcon}
          code="500"
          title={t('serverError.title')}
          text={t('serverError.text')}
          action={<HomeButton />}
        />
      </Box>
    </ErrorPageFrame>
  );
}
