import {
  type ReservationAreaInput,
  type ReservationAreaValues,
  reservationAreaInput,
  reservationAreaTypes,
} from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  Form,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
} from '../../lib/form';
import { useAllStores } from '../stores/stores.resource';
import { HoursField } from './HoursField';
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

export const emptyReservationArea: ReservationAreaInput = {
  reservation_area_name: '',
  reservation_area_cms_id: '',
  reservation_area_type: 'other',
  reservation_area_store_id: null,
  reservation_area_is_active: true,
  reservation_start_date: '',
  reservation_end_date: '',
  reservation_area_hours_by_days: [],
};

/** The store picker: the mall's stores. */
function StoreField() {
  const stores = useAllStores();
  const options = (stores.data ?? []).map((store) => ({ value: store._id, label: store.store_name }));
  return <SelectField name="reservation_area_store_id" options={options} disabled={stores.isPending} />;
}

/**
 * Every field of a reservation area, for /reservation/reservation-area/new and
 * /reservation/{reservationAreaId}/edit; the rules are contracts' `reservationAreaInput`.
 */
export function ReservationAreaForm({
  mode,
  defaultValues,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  defaultValues: ReservationAreaInput;
  onSubmit: (values: ReservationAreaValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('reservations');
  const form = useZodForm(reservationAreaInput, { defaultValues });
  const type = useWatch({ control: form.control, name: 'reservation_area_type' });
  // Another area names no store: one picked before switching is dropped, not sent.
  useEffect(() => {
    if (type === 'other') form.setValue('reservation_area_store_id', null);
  }, [type, form]);
  const types = reservationAreaTypes.map((value) => ({ value, label: t(`areaTypes.${value}`) }));
  return (
    <Form form={form} labels="reservations" onSubmit={onSubmit}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title={t('areas.form.area')}>
            <TextField name="reservation_area_name" autoFocus={mode === 'create'} />
            <TextField name="reservation_area_cms_id" />
            <SelectField name="reservation_area_type" options={types} />
            {type === 'store' && <StoreField />}
            <SwitchField name="reservation_area_is_active" />
          </Section>
          <Section title={t('areas.form.dates')}>
            <DateField name="reservation_start_date" />
            <DateField name="reservation_end_date" />
          </Section>
        </Stack>
        <Stack spacing={3}>
          <Section title={t('areas.form.hours')}>
            <HoursField />
          </Section>
          <SubmitButton sx={{ alignSelf: 'flex-end' }} />
        </Stack>
      </Box>
    </Form>
  );
}
