import type { Survey } from '@avlu/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export type SurveyState = 'upcoming' | 'open' | 'ended';

/** Whether the survey takes answers at `now`: from its start (included) to its end (excluded), as the server checks. */
export const surveyStateAt = (
  row: Pick<Survey, 'survey_start_at' | 'survey_end_at'>,
  now: Date = new Date(),
): SurveyState => {
  const time = now.getTime();
  if (time < Date.parse(row.survey_start_at)) return 'upcoming';
  return time < Date.parse(row.survey_end_at) ? 'open' : 'ended';
};

const colors: Record<SurveyState, ChipProps['color']> = {
  upcoming: 'info',
  open: 'success',
  ended: 'default',
};

export function SurveyStateChip({ row }: { row: Pick<Survey, 'survey_start_at' | 'survey_end_at'> }) {
  const { t } = useTranslation('surveys');
  const state = surveyStateAt(row);
  return (
    <Chip
      size="small"
      variant={state === 'open' ? 'filled' : 'outlined'}
      color={colors[state]}
      label={t(`states.${state}`)}
    />
  );
}
