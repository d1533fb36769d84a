import type { DashboardFigure, MallDashboard } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Numbers } from '../../lib/i18n/numbers';
import { ChangeChip } from './ChangeChip';
import './texts';

/** The totals on cards, in this order; `money` ones are amounts in the mall's currency. */
export const figureKeys = [
  'customers',
  'receipts',
  'receipt_amount',
  'points_earned',
  'points_burned',
  'gifts_given',
  'sms_sent',
  'email_sent',
  'push_sent',
  'reservations',
  'lendings',
] as const;
export type FigureKey = (typeof figureKeys)[number];

export const figureOf = (data: MallDashboard, key: FigureKey): DashboardFigure => data[`dashboard_${key}`];

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(auto-fill, minmax(150px, 1fr))',
    md: 'repeat(auto-fill, minmax(170px, 1fr))',
    // Four beside the sidebar of a 1440 screen (room for ₺123.456.789), six on a wider one.
    lg: 'repeat(4, minmax(0, 1fr))',
    xl: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

function FigureCard({
  title,
  figure,
  format,
}: {
  title: string;
  figure: DashboardFigure;
  format: (value: number) => string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Card component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {title}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        sx={{ mt: 0.5, fontSize: { xs: '1.125rem', sm: '1.25rem' }, overflowWrap: 'anywhere' }}
      >
        {format(figure.value)}
      </Typography>
      <Stack
        direction="row"
        useFlexGap
        sx={{ mt: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap', minHeight: 24 }}
      >
        <ChangeChip value={figure.value} previous={figure.previous} />
        {figure.previous !== null && (
          <Typography variant="caption" color="text.secondary">
            {t('change.previous', { value: format(figure.previous) })}
          </Typography>
        )}
      </Stack>
    </Card>
  );
}

/** The period's totals, each with its change against the previous period. */
export function FigureCards({ data, numbers }: { data: MallDashboard; numbers: Numbers }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box sx={grid}>
      {figureKeys.map((key) => (
        <FigureCard
          key={key}
          title={t(`figures.${key}`)}
          figure={figureOf(data, key)}
          format={key === 'receipt_amount' ? numbers.money : numbers.count}
        />
      ))}
    </Box>
  );
}

/** The cards' places while the first answer loads. */
export function FigureCardsSkeleton() {
  return (
    <Box sx={grid}>
      {figureKeys.map((key) => (
        <Card key={key} sx={{ p: 2 }}>
          <Skeleton width="60%" />
          <Skeleton variant="text" sx={{ fontSize: '1.25rem', my: 0.5 }} width="40%" />
          <Skeleton variant="rounded" width={72} height={24} />
        </Card>
      ))}
    </Box>
  );
}
