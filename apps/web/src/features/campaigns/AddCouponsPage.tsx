import {
  type Campaign,
  COUPON_IMPORT_MAX_BYTES,
  type CouponCodeCounts,
  campaignTypeDefinitions,
  couponExportColumnLabels,
  couponGenerateBody,
  couponImportCodeAliases,
  couponImportRow,
  couponPrintBody,
  couponStatuses,
  customerImportReasonLabels,
  foldLabel,
  formatIssue,
  isObjectId,
  type Language,
} from '@avlu/contracts';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import LocalParkingOutlinedIcon from '@mui/icons-material/LocalParkingOutlined';
import PlaylistAddCheckOutlinedIcon from '@mui/icons-material/PlaylistAddCheckOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsMutating } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { SpreadsheetImport } from '../../components/spreadsheet-import';
import { acceptPresets } from '../../components/upload-field';
import type { ImportReader } from '../../lib/excel/refused-rows';
import { useExport } from '../../lib/excel/use-export';
import { Form, NumberField, SubmitButton, useZodForm } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { campaignName, campaigns } from './campaigns.resource';
import {
  type CouponImportAnswer,
  exportCodes,
  parkingTicketFile,
  useGenerateCodes,
  useImportCodes,
  useRemoveUnusedCodes,
  useSavePrintCount,
} from './coupons.resource';

const formatCount = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/** The code import reads `coupon_code` from the export's header (either language) or an alias. */
const importReader: ImportReader<'coupon_code'> = {
  headerMap: new Map(
    [
      ...Object.values(couponExportColumnLabels).map((labels) => labels.coupon_code),
      ...couponImportCodeAliases,
    ].map((header) => [foldLabel(header), 'coupon_code' as const]),
  ),
  reasonLabels: customerImportReasonLabels,
  check: (values, language) => {
    const parsed = couponImportRow.safeParse(values);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ field: 'coupon_code', reason: formatIssue(issue, language) }));
  },
};
const importRequired = new Set(['coupon_code']);
const importAccept = [...acceptPresets.excel, '.csv', 'text/csv'];

/** A titled card of the page. */
function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** The pool's codes by status: ready, given, used, not used. */
function CodeCounts({ codes }: { codes: CouponCodeCounts | undefined }) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  if (!codes) return <Alert severity="info">{t('coupons.countsUnknown')}</Alert>;
  return (
    <Box
      component="ul"
      aria-label={t('coupons.summary')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        listStyle: 'none',
        m: 0,
        p: 0,
      }}
    >
      {couponStatuses.map((status) => (
        <Card
          key={status}
          component="li"
          variant="outlined"
          aria-label={t(`coupons.statuses.${status}`)}
          sx={{ p: 2 }}
        >
          <Typography variant="h4" component="p">
            {formatCount(codes[status], language)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`coupons.statuses.${status}`)}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/** Generate: the count (contracts' limit), a working state while the server makes them, the result. */
function GenerateSection({ row, busy }: { row: Campaign; busy: boolean }) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const generate = useGenerateCodes();
  const form = useZodForm(couponGenerateBody.pick({ count: true }), { defaultValues: {} });
  const result = generate.data;
  return (
    <Section title={t('coupons.generate.title')} intro={t('coupons.generate.intro')}>
      <Form
        form={form}
        labels="campaigns"
        warnOnLeave={false}
        onSubmit={async ({ count }) => {
          generate.reset();
          await generate.mutateAsync({ campaignId: row._id, count });
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <NumberField name="count" hint="campaigns:coupons.generate.hint" sx={{ maxWidth: 320 }} />
          <SubmitButton disabled={busy} sx={{ mt: { sm: 1 } }}>
            {t('coupons.generate.submit')}
          </SubmitButton>
        </Stack>
      </Form>
      {generate.isPending && (
        <Stack spacing={1} role="status">
          <Typography variant="body2" color="text.secondary">
            {t('coupons.generate.running')}
          </Typography>
          <LinearProgress aria-label={t('coupons.generate.running')} />
        </Stack>
      )}
      {result && !generate.isPending && (
        <Alert severity="success" role="status">
          {t('coupons.generate.done', {
            count: result.generated,
            formatted: formatCount(result.generated, language),
          })}
        </Alert>
      )}
    </Section>
  );
}

/** Import: the shared spreadsheet import, the code column explained, the refused rows given back. */
function ImportSection({
  row,
  busy,
  onBusy,
}: {
  row: Campaign;
  busy: boolean;
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const importCodes = useImportCodes();
  return (
    <Section title={t('coupons.import.title')}>
      <SpreadsheetImport<'coupon_code', CouponImportAnswer>
        columns={['coupon_code']}
        required={importRequired}
        label={() => couponExportColumnLabels[language as Language].coupon_code}
        hint={() => t('coupons.import.hint')}
        field="file"
        maxBytes={COUPON_IMPORT_MAX_BYTES}
        accept={importAccept}
        disabled={busy}
        intro={t('coupons.import.intro')}
        rules={t('coupons.import.rules')}
        send={async (file, onProgress) => {
          onBusy(true);
          try {
            return await importCodes(row._id, file, onProgress);
          } finally {
            onBusy(false);
          }
        }}
        reader={importReader}
        stats={(result) => [
          {
            label: t('coupons.import.added'),
            value: result.added,
            color: 'success',
            icon: <PlaylistAddCheckOutlinedIcon />,
          },
          {
            label: t('coupons.import.failed'),
            value: result.error_count,
            color: 'error',
            icon: <ErrorOutlineIcon />,
          },
        ]}
        allDone={(result) =>
          t('coupons.import.allDone', { count: result.added, formatted: formatCount(result.added, language) })
        }
        retryPrompt={(result) => t('coupons.import.retryPrompt', { count: result.error_count })}
      />
    </Section>
  );
}

function ExportSection({
  row,
  busy,
  exporting,
}: {
  row: Campaign;
  busy: boolean;
  exporting: ReturnType<typeof useExport>;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Section
      title={t('coupons.export.title')}
      intro={
        row.campaign_type === 'parking'
          ? `${t('coupons.export.intro')} ${t('coupons.export.parkingIntro')}`
          : t('coupons.export.intro')
      }
    >
      <Box>
        <Button
          variant="outlined"
          disabled={busy}
          startIcon={
            exporting.busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />
          }
          aria-live="polite"
          onClick={() =>
            exporting.run({
              download: (onProgress) => exportCodes(row._id, onProgress),
              done: t('coupons.export.done'),
            })
          }
        >
          {exporting.progress ?? t('coupons.export.submit')}
        </Button>
        {row.campaign_type === 'parking' && (
          <Button
            variant="outlined"
            disabled={busy}
            startIcon={<LocalParkingOutlinedIcon />}
            sx={{ ml: { sm: 2 }, mt: { xs: 2, sm: 0 } }}
            onClick={() =>
              exporting.run({
                download: (onProgress) => parkingTicketFile(row._id, onProgress),
                done: t('coupons.export.parkingDone'),
              })
            }
          >
            {t('coupons.export.parking')}
          </Button>
        )}
      </Box>
    </Section>
  );
}

/** Remove the ready codes, after a question naming how many go. */
function RemoveSection({ row, busy }: { row: Campaign; busy: boolean }) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const confirm = useConfirm();
  const remove = useRemoveUnusedCodes();
  const ready = row.campaign_code_counts?.ready;
  const ask = async () => {
    const count = ready ?? 0;
    const yes = await confirm({
      title: t('coupons.remove.question'),
      // Without the counts the question cannot say how many; it still says what goes.
      content:
        ready === undefined
          ? t('coupons.remove.textUnknown', { name: campaignName(row, language) })
          : t('coupons.remove.text', {
              count,
              formatted: formatCount(count, language),
              name: campaignName(row, language),
            }),
      confirmText: t('coupons.remove.confirm'),
      destructive: true,
    });
    if (yes) {
      remove.reset();
      remove.mutate({ campaignId: row._id });
    }
  };
  return (
    <Section title={t('coupons.remove.title')} intro={t('coupons.remove.intro')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepOutlinedIcon />}
          disabled={busy || ready === 0}
          loading={remove.isPending}
          onClick={() => void ask()}
        >
          {t('coupons.remove.submit')}
        </Button>
        {ready === 0 && !remove.data && (
          <Typography variant="body2" color="text.secondary">
            {t('coupons.remove.none')}
          </Typography>
        )}
        {remove.data && (
          <Alert severity="success" role="status">
            {t('coupons.remove.done', {
              count: remove.data.removed,
              formatted: formatCount(remove.data.removed, language),
            })}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

function PrintSection({ row, busy }: { row: Campaign; busy: boolean }) {
  const { t } = useTranslation('campaigns');
  const save = useSavePrintCount();
  const form = useZodForm(couponPrintBody, { defaultValues: { coupon_print_count: row.coupon_print_count } });
  return (
    <Section title={t('coupons.print.title')} intro={t('coupons.print.intro')}>
      <Form
        form={form}
        labels="campaigns"
        onSubmit={({ coupon_print_count }) => save.mutateAsync({ id: row._id, coupon_print_count })}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <NumberField name="coupon_print_count" sx={{ maxWidth: 320 }} />
          <SubmitButton disabled={busy} sx={{ mt: { sm: 1 } }} />
        </Stack>
      </Form>
    </Section>
  );
}

/** What the page offers for a campaign by its type: the pool's sections, or why there is none. */
function CodePool({ row }: { row: Campaign }) {
  const { t } = useTranslation('campaigns');
  const source = campaignTypeDefinitions[row.campaign_type].codes;
  const exporting = useExport();
  const [importing, setImporting] = useState(false);
  // One call at a time on this page: every button waits while any runs.
  const busy = useIsMutating() > 0 || exporting.busy || importing;
  if (source !== 'generated' && source !== 'imported') {
    const reason = row.campaign_type === 'basic' ? 'basic' : source === 'shared' ? 'shared' : 'other';
    return (
      <Alert severity="info">
        <AlertTitle>{t('coupons.noPool.title')}</AlertTitle>
        {t(`coupons.noPool.${reason}`)}
      </Alert>
    );
  }
  const archived = row.campaign_status === 'archived';
  return (
    <Stack spacing={3}>
      <Section title={t('coupons.summary')}>
        <CodeCounts codes={row.campaign_code_counts} />
      </Section>
      {archived && <Alert severity="info">{t('coupons.archived')}</Alert>}
      {!archived && source === 'generated' && <GenerateSection row={row} busy={busy} />}
      {!archived && source === 'imported' && <ImportSection row={row} busy={busy} onBusy={setImporting} />}
      <ExportSection row={row} busy={busy} exporting={exporting} />
      {!archived && <RemoveSection row={row} busy={busy} />}
      {!archived && <PrintSection row={row} busy={busy} />}
    </Stack>
  );
}

/**
 * /campaigns/add-coupons/{campaignId} (spec §2, issue 13 #6 and #10): a campaign's code pool. The
 * sections follow contracts' type table: generated codes are made here, imported ones uploaded;
 * both are exported, the unused removed and the printed count kept. Subject
 * `modules:campaigns:code-providers` (contracts' subjectOfPage).
 */
export default function AddCouponsPage() {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const { campaignId } = useParams();
  const found = campaigns.useOne(isObjectId(campaignId) ? campaignId : undefined);
  const row = found.data;
  const problem = !isObjectId(campaignId) ? t('errors:NOT_FOUND') : found.error?.message;
  const name = row ? campaignName(row, language) : undefined;
  return (
    <>
      <PageHeader
        title={name ? `${t('coupons.title')}: ${name}` : t('coupons.title')}
        crumbs={[
          { label: t('group'), to: '/campaigns' },
          { label: t('list.title'), to: '/campaigns/list' },
          { label: name ? `${t('coupons.title')}: ${name}` : t('coupons.title') },
        ]}
        action={
          row && (
            <Chip
              color="primary"
              variant="outlined"
              label={`${t('fields.campaign_type')}: ${t(`types.${row.campaign_type}`)}`}
            />
          )
        }
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/campaigns/list">
            {t('backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <CodePool key={row._id} row={row} />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
