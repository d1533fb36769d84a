import {
  type MonthlyReportDetail,
  mallDashboardLabels,
  monthlyChange,
  monthlyReportFigures,
  monthlyReportLabels,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { formatDate } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { DownloadButtons } from './DownloadButtons';
import { monthlyReportDetails } from './monthly-reports.resource';
import './texts';

type Language = 'tr' | 'en';

const numbers = (language: Language) => {
  const count = new Intl.NumberFormat(language);
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'TRY' });
  const percent = new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return {
    count: (value: number) => count.format(value),
    money: (value: number) => money.format(value),
    change: (value: number, previous: number | null) => {
      const change = monthlyChange(value, previous);
      return change === null ? '–' : percent.format(change);
    },
  };
};

/** The summary's rows: the main figures, then customers by gender and age group and their consents. */
const summaryOf = (report: MonthlyReportDetail, language: Language) => {
  const figures = report.monthly_report_data.figures;
  const words = monthlyReportLabels[language];
  const dashboard = mallDashboardLabels[language];
  const customers = words.figures.dashboard_customers;
  return [
    ...monthlyReportFigures.map((key) => ({
      key,
      label: words.figures[key],
      ...figures[key],
      money: key === 'dashboard_receipt_amount',
    })),
    ...figures.dashboard_customers_by_gender.map((row) => ({
      key: `gender:${row.gender}`,
      label: `${customers}: ${dashboard.genders[row.gender]}`,
      ...row,
      money: false,
    })),
    ...figures.dashboard_customers_by_age_group.map((row) => ({
      key: `age:${row.age_group}`,
      label: `${customers}: ${dashboard.ageGroups[row.age_group]}`,
      ...row,
      money: false,
    })),
    ...figures.dashboard_consents.map((row) => ({
      key: `consent:${row.channel}`,
      label: `${customers}: ${dashboard.channels[row.channel]}`,
      ...row,
      money: false,
    })),
  ];
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <TableContainer>{children}</TableContainer>
    </Card>
  );
}

type ReceiptRow = {
  id: string;
  name: string;
  receipts: number;
  receipt_amount: number;
  previous_receipt_amount: number;
};

function ReceiptTable({ label, rows, language }: { label: string; rows: ReceiptRow[]; language: Language }) {
  const { t } = useTranslation('monthly-reports');
  const format = numbers(language);
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 3 }}>
        {t('detail.none')}
      </Typography>
    );
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{label}</TableCell>
          <TableCell align="right">{t('detail.receipts')}</TableCell>
          <TableCell align="right">{t('detail.amount')}</TableCell>
          <TableCell align="right">{t('detail.previousAmount')}</TableCell>
          <TableCell align="right">{t('detail.change')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell component="th" scope="row">
              {row.name || t('detail.deleted')}
            </TableCell>
            <TableCell align="right">{format.count(row.receipts)}</TableCell>
            <TableCell align="right">{format.money(row.receipt_amount)}</TableCell>
            <TableCell align="right">{format.money(row.previous_receipt_amount)}</TableCell>
            <TableCell align="right">
              {format.change(row.receipt_amount, row.previous_receipt_amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /reports/monthly-reports/{reportId}: one saved report's figures, campaigns and stores, with its downloads. */
export default function MonthlyReportPage() {
  const { t } = useTranslation('monthly-reports');
  const language = useLanguage() as Language;
  const { reportId } = useParams();
  const detail = monthlyReportDetails.useOne(reportId);
  const report = detail.data;
  const summary = useMemo(() => (report ? summaryOf(report, language) : []), [report, language]);
  const crumbs = [
    { label: t('group'), to: '/reports' },
    { label: t('title'), to: '/reports/monthly-reports' },
    { label: report?.monthly_report_pretty_date ?? (detail.isError ? t('notFound') : '…') },
  ];
  if (detail.isError)
    return (
      <>
        <PageHeader title={t('title')} crumbs={crumbs} />
        <Alert
          severity={detail.error.statusCode === 404 ? 'warning' : 'error'}
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/reports/monthly-reports">
              {t('backToList')}
            </Button>
          }
        >
          {detail.error.statusCode === 404 ? t('notFound') : detail.error.message}
        </Alert>
      </>
    );
  if (!report)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  const figures = report.monthly_report_data.figures;
  const format = numbers(language);
  const day = (value: string | null) => (value ? formatDate(value) : '');
  return (
    <>
      <PageHeader
        title={report.monthly_report_pretty_date}
        crumbs={crumbs}
        action={
          <Stack direction="row" spacing={1}>
            <DownloadButtons id={report._id} name={report.monthly_report_pretty_date} buttons />
          </Stack>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {report.location_name} ·{' '}
        {t('detail.period', {
          from: day(figures.dashboard_from),
          to: day(figures.dashboard_to),
          previousFrom: day(figures.dashboard_previous_from),
          previousTo: day(figures.dashboard_previous_to),
        })}
      </Typography>
      <Stack spacing={3}>
        <Section title={t('detail.summary')}>
          <Table size="small" aria-label={t('detail.summary')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('detail.figure')}</TableCell>
                <TableCell align="right">{t('detail.thisMonth')}</TableCell>
                <TableCell align="right">{t('detail.previousMonth')}</TableCell>
                <TableCell align="right">{t('detail.change')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {summary.map((row) => {
                const show = row.money ? format.money : format.count;
                return (
                  <TableRow key={row.key}>
                    <TableCell component="th" scope="row">
                      {row.label}
                    </TableCell>
                    <TableCell align="right">{show(row.value)}</TableCell>
                    <TableCell align="right">{show(row.previous ?? 0)}</TableCell>
                    <TableCell align="right">{format.change(row.value, row.previous)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Section>
        <Section title={t('detail.campaigns')}>
          <ReceiptTable
            label={t('detail.campaign')}
            language={language}
            rows={report.monthly_report_data.campaigns.map((row) => ({
              ...row,
              id: row.campaign_id,
              name: (language === 'en' && row.campaign_name_en) || row.campaign_name,
            }))}
          />
        </Section>
        <Section title={t('detail.stores')}>
          <ReceiptTable
            label={t('detail.store')}
            language={language}
            rows={report.monthly_report_data.stores.map((row) => ({
              ...row,
              id: row.store_id,
              name: row.store_name,
            }))}
          />
        </Section>
      </Stack>
    </>
  );
}
