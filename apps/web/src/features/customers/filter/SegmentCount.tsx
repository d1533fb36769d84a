import type { SegmentFilter } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useCustomerCount } from '../customers.resource';

/**
 * The live count of a segment (`POST /customer/count`), shown beside the builder: on the customer
 * list, and wherever a segment is chosen (a campaign's target segment).
 */
export function SegmentCount({ filter }: { filter: SegmentFilter }) {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  const count = useCustomerCount(filter);
  if (count.isError) return <Chip color="error" variant="outlined" label={count.error.message} />;
  return (
    <Chip
      color="primary"
      variant={filter.length ? 'filled' : 'outlined'}
      aria-live="polite"
      icon={count.isFetching ? <CircularProgress size={14} color="inherit" /> : undefined}
      label={
        count.data === undefined
          ? t('filter.counting')
          : t(filter.length ? 'filter.count' : 'filter.countAll', {
              count: count.data,
              formatted: new Intl.NumberFormat(language).format(count.data),
            })
      }
    />
  );
}
