import { checkPhoneBody, type NotificationKind, type SegmentFilter } from '@avlu/contracts';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UploadField, useUploadProgress } from '../../components/upload-field';
import { isApiError } from '../../lib/api';
import { type BoundFieldProps, DateTimeField, SwitchField, useFormField } from '../../lib/form';
import { useFieldLabel } from '../../lib/form/form-context';
import { useLanguage } from '../../lib/i18n/use-language';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageUrl } from '../account/upload-image';
import { checkPhone, fullName } from '../customers/customers.resource';
import { SegmentFilterBuilder } from '../customers/filter/SegmentFilterBuilder';
import { compileDraft, type Draft, draftOf } from '../customers/filter/segment-draft';
import { useMallTimezone } from '../locations/my-locations';
import { usePotential } from './marketing.resource';

/** A titled card of the editor. */
export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** A change in the builder reaches the count once the user pauses, as on the customer list. */
const COUNT_DELAY = 400;

type RecipientsProps = {
  kind: NotificationKind;
  /** The form's segment field (`<kind>_notification_filters`). */
  name: string;
  commercial: boolean;
  /** The reach as saved (`_potential`), shown until the live count answers. */
  saved?: number;
  /** What the reach means for the kind (SMS: the parts it costs). */
  summary?: (reach: number | undefined) => ReactNode;
};

/**
 * The recipients: the customers' segment filter (the customer list's builder) or explicit customers
 * added by phone, with the reach counted live (debounced) as they change: the server's potential of
 * that audience, so an email counts only customers with an address and a push only those with a
 * registered device, as the saved notification will.
 */
export function RecipientsField({ kind, name, commercial, saved, summary }: RecipientsProps) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const { field, fieldState } = useController({ name });
  const label = useFieldLabel(name);
  const [draft, setDraft] = useState<Draft>(() => draftOf((field.value as SegmentFilter | null) ?? []));
  const compiled = useMemo(() => compileDraft(draft), [draft]);
  const [counted, setCounted] = useState(compiled);
  useEffect(() => {
    const timer = setTimeout(() => setCounted(compiled), COUNT_DELAY);
    return () => clearTimeout(timer);
  }, [compiled]);
  const ids = useController({ name: 'customer_ids' });
  const explicit: string[] = kind === 'push' ? [] : ((ids.field.value as string[] | undefined) ?? []);
  const reach = usePotential(kind, {
    filters: counted.length > 0 ? counted : null,
    customer_ids: explicit,
    is_commercial: commercial,
  });
  const number = (value: number) => new Intl.NumberFormat(language).format(value);
  const live = reach.data;
  const shown = live ?? saved;

  const change = (next: Draft) => {
    setDraft(next);
    const filter = compileDraft(next);
    field.onChange(filter.length ? filter : null);
  };

  const reachChip = (
    <Chip
      color="primary"
      variant={counted.length ? 'filled' : 'outlined'}
      aria-live="polite"
      icon={reach.isFetching ? <CircularProgress size={14} color="inherit" /> : undefined}
      label={
        shown === undefined
          ? t('reach.counting')
          : t(`reach.${kind}`, { count: shown, formatted: number(shown) })
      }
    />
  );

  return (
    <Stack spacing={2}>
      <SegmentFilterBuilder
        draft={draft}
        onChange={change}
        title={label}
        emptyText={t(commercial ? `reach.everyone.${kind}` : `reach.everyoneInformational.${kind}`)}
        summary={reachChip}
      />
      {reach.isError && <Alert severity="warning">{reach.error.message}</Alert>}
      {fieldState.error?.message && (
        <Typography variant="caption" color="error" role="alert">
          {fieldState.error.message}
        </Typography>
      )}
      {kind !== 'push' && <ExplicitCustomers />}
      {kind !== 'push' && explicit.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('reach.explicitNote')}
        </Typography>
      )}
      {summary?.(shown)}
    </Stack>
  );
}

/** Explicit recipients (`customer_ids`): customers found by phone, shown by name; the segment narrows them. */
function ExplicitCustomers() {
  const { t } = useTranslation('marketing');
  const { field } = useController({ name: 'customer_ids' });
  const ids: string[] = (field.value as string[] | undefined) ?? [];
  const [names, setNames] = useState<Record<string, string>>({});
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const number = phone.replace(/\s+/g, '');
    if (!number) return;
    const parsed = checkPhoneBody.safeParse({ customer_phone: number });
    if (!parsed.success) return setProblem(t('recipients.badPhone'));
    setBusy(true);
    setProblem(undefined);
    try {
      const found = await checkPhone(parsed.data.customer_phone);
      setNames((current) => ({ ...current, [found._id]: fullName(found) || number }));
      if (!ids.includes(found._id)) field.onChange([...ids, found._id]);
      setPhone('');
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{t('fields.customer_ids')}</Typography>
      {ids.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {ids.map((id) => (
            <Chip
              key={id}
              size="small"
              label={names[id] ?? t('recipients.savedCustomer', { id: id.slice(-6) })}
              onDelete={() => field.onChange(ids.filter((other) => other !== id))}
            />
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <MuiTextField
          size="small"
          type="tel"
          label={t('recipients.phone')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
          error={Boolean(problem)}
          helperText={problem ?? t('recipients.phoneHint')}
        />
        <Button
          variant="outlined"
          startIcon={<PersonAddAltOutlinedIcon />}
          disabled={busy || !phone.trim()}
          onClick={() => void add()}
          sx={{ mt: 0.25 }}
        >
          {t('recipients.add')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** When to send: empty saves it unscheduled; a moment on the mall's clock schedules it. And whether it is commercial. */
export function ScheduleSection({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation('marketing');
  const timezone = useMallTimezone();
  return (
    <Section title={t('form.schedule')}>
      <DateTimeField
        name={`${kind}_notification_scheduled_for_datetime`}
        label="marketing:fields.scheduled_for_datetime"
        timezone={timezone}
        disablePast
        hint="marketing:form.scheduleHint"
      />
      <SwitchField
        name={`${kind}_notification_is_commercial`}
        label="marketing:fields.is_commercial"
        hint="marketing:form.commercialHint"
      />
    </Section>
  );
}

/** An image sent to `POST /api/files` as it is chosen; the form holds its stored URL. */
export const ImageUrlField = <T extends FieldValues>({ name, label, hint, disabled }: BoundFieldProps<T>) => {
  const { t } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const upload = useUploadProgress();
  const [failure, setFailure] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    setFailure(null);
    if (!file) return field.onChange(null);
    try {
      field.onChange(await imageUrl(file, upload.onProgress));
    } catch (reason) {
      setFailure(reason instanceof Error ? reason.message : String(reason));
    } finally {
      upload.reset();
    }
  };
  return (
    <Stack spacing={1}>
      <UploadField
        value={(field.value as string | null) ?? null}
        onChange={(file) => void choose(file)}
        onBlur={field.onBlur}
        accept={IMAGE_ACCEPT}
        maxSize={IMAGE_MAX_BYTES}
        label={bound.label}
        disabled={bound.disabled || upload.percent !== undefined}
        progress={upload.percent}
        name={field.name}
        error={error ?? failure ?? (hint ? t(hint) : undefined)}
      />
    </Stack>
  );
};
