import {
  campaignStateLabels,
  DASHBOARD_LIMITS,
  type DashboardCampaign,
  type DashboardDay,
  type DashboardInterval,
  type DashboardReport,
  type DashboardReportBody,
  type DashboardStats,
  dashboardIntervals,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header/PageHeader';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { ExportButton } from '../../lib/excel/ExportButton';
import { formatDate } from '../../lib/i18n/dates';
import { type Numbers, useNumbers } from '../../lib/i18n/numbers';
import { useLanguage } from '../../lib/i18n/use-language';
import { exportDashboard, useDashboardCampaigns, useDashboardReport } from './campaign-dashboard.resource';
import './texts';

/** A mall day (yyyy-mm-dd) as the back-office shows dates: 05 Mart 2026. */
const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, { timezone: 'UTC' });

type SeriesKey = keyof Omit<DashboardStats, 'conversion'>;

function KpiCard({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <Card sx={{ p: 2.5, flex: '1 1 200px', minWidth: 0 }} component="section" aria-label={title}>
      <Typography variant="subtitle2" color="text.secondary" component="h2">
        {title}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 1 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Card>
  );
}

function Kpis({ totals }: { totals: DashboardStats }) {
  const { t } = useTranslation('campaign-dashboard');
  const numbers = useNumbers();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
      <KpiCard
        title={t('kpi.participants')}
        value={numbers.count(totals.participants)}
        detail={t('kpi.participations', { value: numbers.count(totals.participations) })}
      />
      <KpiCard
        title={t('kpi.codes')}
        value={`${numbers.count(totals.codes_given)} / ${numbers.count(totals.codes_used)}`}
        detail={
          totals.conversion === null
            ? t('kpi.noConversion')
            : t('kpi.conversion', { value: numbers.percent(totals.conversion) })
        }
      />
      <KpiCard
        title={t('kpi.receipts')}
        value={numbers.count(totals.receipts)}
        detail={t('kpi.receiptAmount', { amount: numbers.exactMoney(totals.receipt_amount) })}
      />
      <KpiCard title={t('kpi.points')} value={numbers.count(totals.points)} />
      <KpiCard
        title={t('kpi.plays')}
        value={`${numbers.count(totals.plays)} / ${numbers.count(totals.wins)}`}
        detail={
          totals.plays > 0
            ? t('kpi.winRate', { value: numbers.percent(totals.wins / totals.plays) })
            : undefined
        }
      />
    </Stack>
  );
}

/** A chart of some daily series; the same figures as a table for screen readers (shown on demand). */
function DailyChart({
  title,
  days,
  keys,
  money = false,
  tables,
}: {
  title: string;
  days: DashboardDay[];
  keys: SeriesKey[];
  money?: boolean;
  tables: boolean;
}) {
  const { t } = useTranslation('campaign-dashboard');
  const numbers = useNumbers();
  const format = (value: number | null) =>
    value === null ? '' : money ? numbers.exactMoney(value) : numbers.count(value);
  const dates = useMemo(() => days.map((day) => new Date(`${day.day}T00:00:00Z`)), [days]);
  // Ticks on the days themselves (the scale's own would fall on the browser's midnights): every day
  // up to a month, then every week, then the first of each month.
  const ticks = useMemo(
    () =>
      days.length <= 31
        ? dates
        : days.length <= 120
          ? dates.filter((_, index) => index % 7 === 0)
          : dates.filter((date) => date.getUTCDate() === 1),
    [days.length, dates],
  );
  return (
    <Card sx={{ p: 2.5 }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Box aria-hidden sx={{ width: 1 }}>
        <LineChart
          height={260}
          xAxis={[
            {
              scaleType: 'time',
              data: dates,
              tickInterval: ticks,
              valueFormatter: (value: Date) => dayLabel(value.toISOString().slice(0, 10)),
            },
          ]}
          yAxis={[{ valueFormatter: (value: number) => format(value), width: money ? 90 : 50 }]}
          // Straight segments between the days, each day marked while a month or less is shown: a
          // smoothed curve would draw values between days that do not exist.
          series={keys.map((key) => ({
            data: days.map((day) => day[key]),
            label: t(`series.${key}`),
            curve: 'linear',
            showMark: days.length <= 31,
            valueFormatter: (value: number | null) => format(value),
            area: keys.length === 1,
          }))}
          margin={{ right: 16 }}
          localeText={{ noData: t('charts.noData') }}
        />
      </Box>
      <TableContainer sx={tables ? { maxHeight: 320, mt: 1 } : visuallyHidden}>
        <Table size="small" stickyHeader>
          <caption style={tables ? { captionSide: 'top', textAlign: 'left', padding: 0 } : undefined}>
            {t('charts.tableCaption', { title })}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('table.day')}
              </TableCell>
              {keys.map((key) => (
                <TableCell key={key} component="th" scope="col" align="right">
                  {t(`series.${key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.day}>
                <TableCell component="th" scope="row">
                  {dayLabel(day.day)}
                </TableCell>
                {keys.map((key) => (
                  <TableCell key={key} align="right">
                    {format(day[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

const columns: SeriesKey[] = [
  'participants',
  'participations',
  'codes_given',
  'codes_used',
  'receipts',
  'receipt_amount',
  'points',
  'plays',
  'wins',
];

function StatCells({ stats, numbers }: { stats: DashboardStats; numbers: Numbers }) {
  return (
    <>
      {columns.map((key) => (
        <TableCell key={key} align="right">
          {key === 'receipt_amount' ? numbers.exactMoney(stats[key]) : numbers.count(stats[key])}
        </TableCell>
      ))}
      <TableCell align="right">{numbers.percent(stats.conversion)}</TableCell>
    </>
  );
}

function CampaignTable({ report }: { report: DashboardReport }) {
  const { t } = useTranslation('campaign-dashboard');
  const language = useLanguage();
  const numbers = useNumbers();
  return (
    <Card sx={{ p: 2.5 }} component="section" aria-labelledby="campaign-table-title">
      <Typography variant="h6" component="h2" id="campaign-table-title">
        {t('table.title')}
      </Typography>
      <TableContainer>
        <Table size="small">
          <caption style={visuallyHidden}>{t('table.caption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('table.campaign')}
              </TableCell>
              {columns.map((key) => (
                <TableCell key={key} component="th" scope="col" align="right">
                  {t(`series.${key}`)}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                {t('series.conversion')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.campaigns.map((campaign) => (
              <TableRow key={campaign._id}>
                <TableCell component="th" scope="row">
                  {language === 'en' ? campaign.campaign_name_en : campaign.campaign_name}
                </TableCell>
                <StatCells stats={campaign.totals} numbers={numbers} />
              </TableRow>
            ))}
            {report.campaigns.length > 1 && (
              <TableRow sx={{ '& th, & td': { fontWeight: 600 } }}>
                <TableCell component="th" scope="row">
                  {t('table.total')}
                </TableCell>
                <StatCells stats={report.totals} numbers={numbers} />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/** /campaigns/dashboard (spec §2; issue 15 #5): the chosen campaigns' figures over a period. */
export default function CampaignDashboardPage() {
  const { t } = useTranslation('campaign-dashboard');
  const language = useLanguage();
  const campaigns = useDashboardCampaigns();
  const [chosen, setChosen] = useState<DashboardCampaign[]>([]);
  const [interval, setPeriod] = useState<DashboardInterval>('last_30_days');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [tables, setTables] = useState(false);

  const body = useMemo((): DashboardReportBody | undefined => {
    if (chosen.length === 0) return undefined;
    const campaignId = chosen.map((campaign) => campaign._id);
    if (interval !== 'date_range') return { campaignId, interval };
    if (!startDate || !endDate || endDate < startDate) return undefined;
    return { campaignId, interval, startDate, endDate };
  }, [chosen, interval, startDate, endDate]);
  const report = useDashboardReport(body);
  const nameOf = (campaign: DashboardCampaign) =>
    language === 'en' ? campaign.campaign_name_en : campaign.campaign_name;
  const data = body ? report.data : undefined;

  return (
    <>
      <PageHeader
        title={t('title')}
        crumbs={[{ label: t('crumb'), to: '/campaigns' }, { label: t('title') }]}
        action={
          body && (
            <ExportButton
              label={t('export')}
              download={(onProgress) => exportDashboard(body, onProgress)}
              done={t('exported')}
            />
          )
        }
      />
      <Stack spacing={3}>
        <Card sx={{ p: 2.5 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('intro')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Autocomplete
              multiple
              sx={{ flex: 2, minWidth: 0 }}
              options={campaigns.data ?? []}
              loading={campaigns.isLoading}
              value={chosen}
              onChange={(_, value) => setChosen(value.slice(0, DASHBOARD_LIMITS.campaigns))}
              getOptionLabel={nameOf}
              isOptionEqualToValue={(option, value) => option._id === value._id}
              noOptionsText={t('noCampaigns')}
              renderOption={(props, option) => {
                const { key, ...rest } = props as typeof props & { key: string };
                return (
                  <li key={key} {...rest}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: 1 }}>
                      <span style={{ flexGrow: 1 }}>{nameOf(option)}</span>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={campaignStateLabels[language][option.campaign_state]}
                      />
                    </Stack>
                  </li>
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('campaigns')}
                  helperText={t('campaignsHint', { max: DASHBOARD_LIMITS.campaigns })}
                />
              )}
            />
            <TextField
              select
              label={t('period')}
              value={interval}
              onChange={(event) => setPeriod(event.target.value as DashboardInterval)}
              sx={{ flex: 1, minWidth: 180 }}
            >
              {dashboardIntervals.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`intervals.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            {interval === 'date_range' && (
              <>
                <TextField
                  type="date"
                  label={t('startDate')}
                  value={startDate}
                  onChange={(event) => setStartDate(event.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="date"
                  label={t('endDate')}
                  value={endDate}
                  onChange={(event) => setEndDate(event.target.value)}
                  error={Boolean(startDate && endDate && endDate < startDate)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </>
            )}
          </Stack>
        </Card>

        {!body && <Alert severity="info">{t('pickCampaigns')}</Alert>}
        {body && report.isError && <Alert severity="error">{report.error.message}</Alert>}
        {body && report.isFetching && <LinearProgress aria-label={t('loading')} />}

        {data && (
          <>
            <Typography variant="body2" color="text.secondary" role="status">
              {t('range', { from: dayLabel(data.from), to: dayLabel(data.to), zone: data.timezone })}
            </Typography>
            <Kpis totals={data.totals} />
            <FormControlLabel
              control={<Switch checked={tables} onChange={(event) => setTables(event.target.checked)} />}
              label={t('showTables')}
            />
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              <DailyChart
                title={t('charts.participation')}
                days={data.days}
                keys={['participations', 'participants']}
                tables={tables}
              />
              <DailyChart
                title={t('charts.codes')}
                days={data.days}
                keys={['codes_given', 'codes_used']}
                tables={tables}
              />
              <DailyChart
                title={t('charts.receipts')}
                days={data.days}
                keys={['receipt_amount']}
                money
                tables={tables}
              />
              <DailyChart
                title={t('charts.games')}
                days={data.days}
                keys={['plays', 'wins']}
                tables={tables}
              />
            </Box>
            <CampaignTable report={data} />
          </>
        )}
      </Stack>
    </>
  );
}
