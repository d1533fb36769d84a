import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { ErrorView } from './ErrorView';

/**
 * What the router shows when a screen throws or its code cannot be fetched (offline, or a new
 * release replaced the file). It is part of the entry bundle, so it must not load anything itself;
 * reloading fetches the current release.
 */
export function RouteError() {
  const { t } = useTranslation(['errors-page', 'common']);
  return (
    <Box component="main" sx={{ display: 'flex', minHeight: '100vh' }}>
      <ErrorView
        icon={CloudOffOutlinedIcon}
        title={t('serverError.title')}
        text={t('serverError.text')}
        action={
          <ButtonBase
            onClick={() => window.location.reload()}
            sx={{
              gap: 1,
              px: 3,
              height: 48,
              borderRadius: 1,
              fontWeight: 700,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              '&:hover': { bgcolor: 'primary.dark' },
            }}
          >
            <ReplayIcon fontSize="small" />
            {t('common:actions.retry')}
          </ButtonBase>
        }
      />
    </Box>
  );
}
