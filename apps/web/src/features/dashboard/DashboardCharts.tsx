import { MALL_DASHBOARD_TOP, type MallDashboard, mallDashboardLabels } from '@avlu/contracts';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import type { Numbers } from '../../lib/i18n/numbers';
import { useLanguage } from '../../lib/i18n/use-language';
import { useChangeText } from './ChangeChip';
import { ChartCard, ChartCardSkeleton, type TableColumn, type TableRowData } from './ChartCard';
import { changeOf } from './change';
import './texts';

const chartsGrid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** A name on a chart's axis: long ones cut short (the tooltip and the table have them whole). */
const tickName = (name: string, max = 18) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

type Row = { key: string; label: string; value: number; previous: number | null };

/**
 * The charts of the period: customers by gender, age group, month and year, consents per channel,
 * and the campaigns and stores with the highest receipt amounts. Bars of the previous period stand
 * beside this period's where there is one.
 */
export function DashboardCharts({
  data,
  numbers,
  tables,
}: {
  data: MallDashboard;
  numbers: Numbers;
  tables: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const labels = mallDashboardLabels[language];
  const theme = useTheme();
  const changeText = useChangeText();
  const compared = data.dashboard_previous_from !== null;
  const current = theme.palette.primary.main;
  const earlier = theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[600];
  const noData = { noData: t('charts.noData') };

  /** The table of a comparison chart: label, this period, and the previous period with the change. */
  const comparisonTable = (first: string, valueLabel: string, rows: Row[]) => {
    const columns: TableColumn[] = [
      { label: first },
      { label: valueLabel, numeric: true },
      ...(compared
        ? [
            { label: t('table.previous'), numeric: true },
            { label: t('table.change'), numeric: true },
          ]
        : []),
    ];
    const body: TableRowData[] = rows.map((row) => ({
      key: row.key,
      header: row.label,
      cells: [
        numbers.count(row.value),
        ...(compared && row.previous !== null
          ? [
              numbers.count(row.previous),
              changeText(changeOf(row.value, row.previous), row.value, row.previous),
            ]
          : []),
      ],
    }));
    return { columns, rows: body };
  };

  /**
   * Bars of this period (and the previous one) per label; `horizontal` puts the labels on the side,
   * where long ones ('65 ve üzeri') fit on a phone.
   */
  const comparisonBars = (rows: Row[], valueLabel: string, horizontal = false) => {
    const labelAxis = { scaleType: 'band' as const, data: rows.map((row) => row.label) };
    const valueAxis = { valueFormatter: (value: number) => numbers.count(value) };
    const format = (value: number | null) => (value === null ? '' : numbers.count(value));
    return (
      <BarChart
        height={horizontal ? Math.max(160, 72 + rows.length * (compared ? 36 : 28)) : 260}
        layout={horizontal ? 'horizontal' : 'vertical'}
        xAxis={[horizontal ? valueAxis : labelAxis]}
        yAxis={[horizontal ? { ...labelAxis, width: 96 } : { ...valueAxis, width: 56 }]}
        series={[
          {
            data: rows.map((row) => row.value),
            label: compared ? t('charts.current') : valueLabel,
            color: current,
            valueFormatter: format,
          },
          ...(compared
            ? [
                {
                  data: rows.map((row) => row.previous ?? 0),
                  label: t('charts.previous'),
                  color: earlier,
                  valueFormatter: format,
                },
              ]
            : []),
        ]}
        hideLegend={!compared}
        margin={{ right: 16, left: 0 }}
        localeText={noData}
        disableKeyboardNavigation
      />
    );
  };

  /** One bar of customers per label (month, year), labels along the bottom. */
  const countBars = (
    labels: string[],
    values: number[],
    formatLabel?: (label: string, context: { location: string }) => string,
  ) => (
    <BarChart
      height={260}
      xAxis={[{ scaleType: 'band', data: labels, valueFormatter: formatLabel }]}
      yAxis={[{ valueFormatter: (value: number) => numbers.count(value), width: 56 }]}
      series={[
        {
          data: values,
          label: t('table.customers'),
          color: current,
          valueFormatter: (value) => (value === null ? '' : numbers.count(value)),
        },
      ]}
      hideLegend
      margin={{ right: 8, left: 0 }}
      localeText={noData}
      disableKeyboardNavigation
    />
  );

  const genders: Row[] = data.dashboard_customers_by_gender.map((row) => ({
    key: row.gender,
    label: labels.genders[row.gender],
    value: row.value,
    previous: row.previous,
  }));
  const genderColours = {
    male: theme.palette.info.main,
    female: theme.palette.secondary.main,
    unknown: theme.palette.grey[500],
  };
  const genderTotal = genders.reduce((sum, row) => sum + row.value, 0);

  const ageGroups: Row[] = data.dashboard_customers_by_age_group.map((row) => ({
    key: row.age_group,
    label: labels.ageGroups[row.age_group],
    value: row.value,
    previous: row.previous,
  }));
  const consents: Row[] = data.dashboard_consents.map((row) => ({
    key: row.channel,
    label: labels.channels[row.channel],
    value: row.value,
    previous: row.previous,
  }));

  const months = data.dashboard_customers_by_month;
  const years = data.dashboard_customers_by_year;

  const genderTable = comparisonTable(t('table.gender'), t('table.customers'), genders);
  const ageTable = comparisonTable(t('table.ageGroup'), t('table.customers'), ageGroups);
  const consentTable = comparisonTable(t('table.channel'), t('table.consents'), consents);

  const top = (kind: 'campaigns' | 'stores') => {
    const rows =
      kind === 'campaigns'
        ? data.dashboard_top_campaigns.map((row) => ({
            ...row,
            key: row.campaign_id,
            name: language === 'en' ? row.campaign_name_en || row.campaign_name : row.campaign_name,
          }))
        : data.dashboard_top_stores.map((row) => ({ ...row, key: row.store_id, name: row.store_name }));
    const columns: TableColumn[] = [
      { label: kind === 'campaigns' ? t('table.campaign') : t('table.store') },
      { label: t('table.receipts'), numeric: true },
      { label: t('table.amount'), numeric: true },
      ...(compared
        ? [
            { label: t('table.previousAmount'), numeric: true },
            { label: t('table.change'), numeric: true },
          ]
        : []),
    ];
    const body: TableRowData[] = rows.map((row) => ({
      key: row.key,
      header: row.name,
      cells: [
        numbers.count(row.receipts),
        numbers.exactMoney(row.receipt_amount),
        ...(compared && row.previous_receipt_amount !== null
          ? [
              numbers.exactMoney(row.previous_receipt_amount),
              changeText(
                changeOf(row.receipt_amount, row.previous_receipt_amount),
                row.receipt_amount,
                row.previous_receipt_amount,
              ),
            ]
          : []),
      ],
    }));
    const names = rows.map((row) => row.name);
    const chart = (
      <BarChart
        layout="horizontal"
        height={Math.max(120, 56 + rows.length * 34)}
        yAxis={[
          {
            scaleType: 'band',
            data: names,
            width: 140,
            valueFormatter: (name: string, context) => (context.location === 'tick' ? tickName(name) : name),
          },
        ]}
        xAxis={[{ valueFormatter: (value: number) => numbers.money(value) }]}
        series={[
          {
            data: rows.map((row) => row.receipt_amount),
            label: t('table.amount'),
            color: current,
            valueFormatter: (value) => (value === null ? '' : numbers.exactMoney(value)),
          },
        ]}
        hideLegend
        margin={{ right: 40, left: 0 }}
        localeText={noData}
        disableKeyboardNavigation
      />
    );
    return { columns, rows: body, chart };
  };
  const campaigns = top('campaigns');
  const stores = top('stores');

  return (
    <Box sx={chartsGrid}>
      <ChartCard
        title={t('charts.gender')}
        tables={tables}
        chart={
          <PieChart
            height={240}
            series={[
              {
                data:
                  genderTotal > 0
                    ? genders.map((row) => ({
                        id: row.key,
                        value: row.value,
                        label: row.label,
                        color: genderColours[row.key as keyof typeof genderColours],
                      }))
                    : [],
                innerRadius: 56,
                outerRadius: 96,
                paddingAngle: 1,
                cornerRadius: 4,
                valueFormatter: (item) => numbers.count(item.value),
              },
            ]}
            localeText={noData}
            disableKeyboardNavigation
          />
        }
        {...genderTable}
      />
      <ChartCard
        title={t('charts.ageGroups')}
        tables={tables}
        chart={comparisonBars(ageGroups, t('table.customers'), true)}
        {...ageTable}
      />
      <ChartCard
        title={t('charts.months')}
        tables={tables}
        chart={countBars(
          months.map((row) => row.month),
          months.map((row) => row.value),
          (month, context) =>
            context.location === 'tick' ? numbers.shortMonth(month) : numbers.month(month),
        )}
        columns={[{ label: t('table.month') }, { label: t('table.customers'), numeric: true }]}
        rows={months.map((row) => ({
          key: row.month,
          header: numbers.month(row.month),
          cells: [numbers.count(row.value)],
        }))}
      />
      <ChartCard
        title={t('charts.years')}
        tables={tables}
        chart={countBars(
          years.map((row) => String(row.year)),
          years.map((row) => row.value),
        )}
        columns={[{ label: t('table.year') }, { label: t('table.customers'), numeric: true }]}
        rows={years.map((row) => ({
          key: String(row.year),
          header: String(row.year),
          cells: [numbers.count(row.value)],
        }))}
      />
      <ChartCard
        title={t('charts.consents')}
        hint={t('charts.consentsHint')}
        tables={tables}
        chart={comparisonBars(consents, t('table.consents'))}
        wide
        {...consentTable}
      />
      <ChartCard
        title={t('charts.topCampaigns')}
        hint={t('charts.topHint', { count: MALL_DASHBOARD_TOP })}
        tables={tables}
        chart={campaigns.chart}
        columns={campaigns.columns}
        rows={campaigns.rows}
      />
      <ChartCard
        title={t('charts.topStores')}
        hint={t('charts.topHint', { count: MALL_DASHBOARD_TOP })}
        tables={tables}
        chart={stores.chart}
        columns={stores.columns}
        rows={stores.rows}
      />
    </Box>
  );
}

/** The charts' places while the first answer loads. */
export function DashboardChartsSkeleton() {
  return (
    <Box sx={chartsGrid}>
      <ChartCardSkeleton />
      <ChartCardSkeleton />
      <ChartCardSkeleton />
      <ChartCardSkeleton />
    </Box>
  );
}
