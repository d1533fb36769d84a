import {
  customerGenders,
  type ReservationInput,
  reservationAreaKey,
  reservationInput,
} from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ApiError, isApiError } from '../../lib/api';
import { Form, NumberField, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { DATE_FORMAT } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { LIST_PATH, reservations, useActiveAreas, useValidDates } from './reservations.resource';
import './texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

const empty: ReservationInput = {
  reservation_customer_name: '',
  reservation_customer_surname: '',
  reservation_customer_gender: 'unknown',
  reservation_customer_phone: '',
  reservation_customer_email: '',
  reservation_area: '',
  reservation_area_type: 'other',
  reservation_note: '',
  reservation_total_person: 1,
  reservation_request_date: '',
  reservation_request_hour: '',
};

/**
 * /reservation/new (spec §2 "reservation registration"): the customer and the booking. Only active
 * areas are offered (§5), then only the dates and hours that still have room (valid-dates).
 */
export default function ReservationCreatePage() {
  const { t } = useTranslation('reservations');
  const language = useLanguage();
  const navigate = useNavigate();
  const create = reservations.useCreate({ error: false });
  const form = useZodForm(reservationInput, { defaultValues: empty });
  const areas = useActiveAreas();
  const [areaKey, date] = useWatch({
    control: form.control,
    name: ['reservation_area', 'reservation_request_date'],
  });
  const area = areas.data?.find((candidate) => reservationAreaKey(candidate) === areaKey);
  const dates = useValidDates(area);
  const day = dates.data?.find((entry) => entry.date === date);
  useEffect(() => {
    if (area) form.setValue('reservation_area_type', area.reservation_area_type);
  }, [area, form]);

  const areaOptions = (areas.data ?? []).map((candidate) => ({
    value: candidate.reservation_area,
    label: candidate.reservation_area_store_name
      ? `${candidate.reservation_area_name} (${candidate.reservation_area_store_name})`
      : candidate.reservation_area_name,
  }));
  const dateOptions = (dates.data ?? []).map((entry) => ({
    value: entry.date,
    label: `${dayjs(entry.date).locale(language).format(DATE_FORMAT)}, ${t(`days.${entry.day}`)}`,
  }));
  const hourOptions = (day?.hours ?? []).map((hour) => ({
    value: hour.time_range,
    label: `${hour.time_range} (${t('form.places', { count: hour.remaining })})`,
  }));
  const dateHint = !area
    ? 'reservations:form.pickArea'
    : dates.isPending
      ? 'reservations:form.loadingDates'
      : dateOptions.length === 0
        ? 'reservations:form.noDates'
        : undefined;
  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[{ label: t('group') }, { label: t('title'), to: LIST_PATH }, { label: t('new') }]}
      />
      <Form
        form={form}
        labels="reservations"
        onSubmit={async (values) => {
          let created: { _id: string };
          try {
            created = (await create.mutateAsync(values)) as { _id: string };
          } catch (error) {
            if (!isApiError(error) || error.canceled) throw error;
            // Spec §8: a booking that fails says 'Invite can not create' above the form; the reason
            // shows under the field it concerns (a full hour, an area gone), else after the text.
            form.setError('root.server', { type: String(error.statusCode), message: t('createFailed') });
            throw new ApiError(
              { ...error.body, message: `${t('createFailed')}: ${error.message}` },
              { cause: error },
            );
          }
          navigate(`/reservation/${created._id}/detail`);
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <Section title={t('form.customer')}>
            <TextField name="reservation_customer_name" autoFocus />
            <TextField name="reservation_customer_surname" />
            <SelectField
              name="reservation_customer_gender"
              options={customerGenders.map((value) => ({ value, label: t(`genders.${value}`) }))}
            />
            <TextField name="reservation_customer_phone" type="tel" />
            <TextField name="reservation_customer_email" type="email" />
          </Section>
          <Stack spacing={3}>
            <Section title={t('form.booking')}>
              <SelectField name="reservation_area" options={areaOptions} disabled={areas.isPending} />
              <SelectField
                name="reservation_request_date"
                options={dateOptions}
                disabled={!area || dateOptions.length === 0}
                hint={dateHint}
              />
              <SelectField name="reservation_request_hour" options={hourOptions} disabled={!day} />
              <NumberField name="reservation_total_person" />
              <TextField name="reservation_note" multiline minRows={2} />
            </Section>
            <SubmitButton sx={{ alignSelf: 'flex-end' }} />
          </Stack>
        </Box>
      </Form>
    </>
  );
}
