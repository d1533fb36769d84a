import type { FeedbackStatus } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import './texts';

const colours = { new: 'warning', viewed: 'info', informed: 'success' } as const;

export function FeedbackStatusChip({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('feedbacks');
  return <Chip size="small" variant="outlined" color={colours[status]} label={t(`statuses.${status}`)} />;
}
