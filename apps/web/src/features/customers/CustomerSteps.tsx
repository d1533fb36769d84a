import type { StepGoalProgress } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyStatePanel } from '../../lib/data-table/EmptyOverlay';
import { formatDate, formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { campaignName } from '../campaigns/campaigns.resource';
import { useStepCounter } from './customer-mechanics.resource';
import './mechanics-texts';

/** A mall's calendar day (yyyy-mm-dd) as the app writes days. */
const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, { timezone: 'UTC' });

/** Today's steps toward one running step-goal campaign: a bar to the goal, reached, coupon given. */
function Goal({ goal, today }: { goal: StepGoalProgress; today: number }) {
  const { t } = useTranslation('customer-mechanics');
  const language = useLanguage();
  const number = new Intl.NumberFormat(language);
  const name = campaignName(goal, language);
  const percent = Math.min(100, Math.round((today / Math.max(1, goal.campaign_step_goal)) * 100));
  const left = Math.max(0, goal.campaign_step_goal - today);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack spacing={1}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="subtitle2" component="h3">
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('steps.goal', { goal: number.format(goal.campaign_step_goal) })}
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={goal.reached ? 'success' : 'primary'}
          aria-label={t('steps.progress', { name, percent })}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {goal.reached ? t('steps.reached') : t('steps.toGo', { count: left, steps: number.format(left) })}
          </Typography>
          {/* A goal reached without its coupon: the campaign's participation rule or its codes refused it. */}
          {(goal.reached || goal.coupon_given) && (
            <Chip
              size="small"
              variant="outlined"
              color={goal.coupon_given ? 'success' : 'warning'}
              label={t(goal.coupon_given ? 'steps.couponGiven' : 'steps.couponNotGiven')}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The customer detail's steps tab (issue 15 #6; `GET /step-counter?customer_id`): today's steps and
 * where they stand on each running step-goal campaign, then the last 30 days' reports, newest first,
 * each with a bar against the busiest day or the largest goal.
 */
export default function CustomerSteps({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customer-mechanics');
  const language = useLanguage();
  const counter = useStepCounter(customerId);
  const number = new Intl.NumberFormat(language);

  if (counter.isError) return <Alert severity="error">{counter.error.message}</Alert>;
  if (!counter.data) return <Skeleton variant="rounded" height={160} />;
  const { days, goals, today_step_count: today } = counter.data;
  const scale = Math.max(1, ...days.map((day) => day.step_count), ...goals.map((g) => g.campaign_step_goal));
  const steps = (count: number) => t('steps.stepCount', { count, steps: number.format(count) });

  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
        {t('steps.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box role="group" aria-label={t('steps.today')} sx={{ minWidth: 160 }}>
          <Typography variant="body2" color="text.secondary">
            {t('steps.today')}
          </Typography>
          <Typography variant="h4" component="p">
            {steps(today)}
          </Typography>
        </Box>
        <Box component="section" aria-labelledby="step-goals" sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="step-goals" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
            {t('steps.goals')}
          </Typography>
          {goals.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('steps.noGoals')}
            </Typography>
          ) : (
            <Box
              component="ul"
              sx={{
                m: 0,
                p: 0,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' },
              }}
            >
              {goals.map((goal) => (
                <Goal key={goal.campaign_id} goal={goal} today={today} />
              ))}
            </Box>
          )}
        </Box>
      </Stack>
      {days.length === 0 ? (
        <EmptyStatePanel label={t('steps.days')} text={t('steps.empty')} />
      ) : (
        <Stack spacing={1}>
          {goals.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('steps.goalLine')}
            </Typography>
          )}
          <TableContainer sx={{ maxHeight: 440 }}>
            <Table size="small" stickyHeader aria-label={t('steps.days')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('steps.columns.day')}</TableCell>
                  <TableCell sx={{ width: '55%' }}>{t('steps.columns.steps')}</TableCell>
                  <TableCell>{t('steps.columns.updatedAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {days.map((day) => (
                  <TableRow key={day.step_day} hover>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {dayLabel(day.step_day)}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                        <Typography
                          variant="body2"
                          sx={{ minWidth: 64, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                        >
                          {number.format(day.step_count)}
                        </Typography>
                        <Box aria-hidden sx={{ flex: 1, position: 'relative' }}>
                          {goals.map((goal) => (
                            <Box
                              key={goal.campaign_id}
                              sx={{
                                position: 'absolute',
                                top: -4,
                                bottom: -4,
                                left: `${(goal.campaign_step_goal / scale) * 100}%`,
                                borderLeft: '2px dashed',
                                borderColor: 'text.secondary',
                              }}
                            />
                          ))}
                          <Box
                            sx={{
                              height: 10,
                              borderRadius: 1,
                              bgcolor: 'primary.main',
                              width: `${(day.step_count / scale) * 100}%`,
                              minWidth: day.step_count > 0 ? 2 : 0,
                            }}
                          />
                        </Box>
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                      {formatDateTime(day.updated_at)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
    </Stack>
  );
}
