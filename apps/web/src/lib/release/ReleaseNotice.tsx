import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { takeReleaseNotice } from './stale-chunk';

/** Says, once, that the page reloaded itself because a new release of Avlu was deployed. */
export function ReleaseNotice() {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation('common');
  useEffect(() => {
    if (takeReleaseNotice())
      enqueueSnackbar(t('release.reloaded'), { variant: 'info', autoHideDuration: 6000 });
  }, [enqueueSnackbar, t]);
  return null;
}
