import type {
  CustomerReservation,
  MicroSiteLocation,
  PublicReservationArea,
  ReservationValidDates,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, useEffect, useState } from 'react';
import { useMicroSiteGet } from '../campaigns/data';
import { PageHeading, pageWaitingFor } from '../campaigns/PageStates';
import { Field } from '../components/Field';
import { SelectField } from '../components/SelectField';
import { MicroSiteError, messageOf } from '../lib/api';
import { Link, navigate } from '../lib/router';
import { useSession } from '../lib/session';
import { AREAS_PATH, formatDay, MY_RESERVATIONS_PATH, useReservationT } from './texts';

type Errors = Partial<Record<'area' | 'date' | 'hour' | 'persons' | 'note', string>>;

/** The server's field names, as the form's. */
const fieldOf: Record<string, keyof Errors> = {
  reservation_area: 'area',
  reservation_area_type: 'area',
  reservation_request_date: 'date',
  reservation_request_hour: 'hour',
  reservation_total_person: 'persons',
  reservation_note: 'note',
};

/**
 * "Rezervasyon yap": only the mall's active areas, then only the dates and hours with a place left
 * (GET /ext/reservation-areas/valid-dates); booked pending for the signed-in customer.
 */
export default function BookingPage({ location: _ }: { location: MicroSiteLocation | null }) {
  const { t, language } = useReservationT();
  const { base, api } = useSession();
  const areas = useMicroSiteGet<PublicReservationArea[]>(AREAS_PATH);
  const [areaKey, setAreaKey] = useState('');
  const [date, setDate] = useState('');
  const [hour, setHour] = useState('');
  const [persons, setPersons] = useState('1');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [dates, setDates] = useState<{ key: string; data?: ReservationValidDates; error?: string } | null>(
    null,
  );
  const area = areas.data?.find((candidate) => candidate.reservation_area === areaKey);

  useEffect(() => {
    if (!area) return;
    const key = `${area.reservation_area_type}:${area.reservation_area}`;
    let live = true;
    setDates({ key });
    api
      .get<ReservationValidDates>(
        `${AREAS_PATH}/valid-dates?reservation_area=${encodeURIComponent(area.reservation_area)}&reservation_area_type=${area.reservation_area_type}`,
      )
      .then(
        (data) => live && setDates({ key, data }),
        (error: unknown) => live && setDates({ key, error: messageOf(error) }),
      );
    return () => {
      live = false;
    };
  }, [api, area]);

  const day = dates?.data?.find((entry) => entry.date === date);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!area) missing.area = t('booking.required');
    if (!date) missing.date = t('booking.required');
    if (!hour) missing.hour = t('booking.required');
    if (!/^\d+$/.test(persons) || Number(persons) < 1) missing.persons = t('booking.required');
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0 || !area) return;
    setSending(true);
    try {
      await api.post<CustomerReservation>(MY_RESERVATIONS_PATH, {
        reservation_area: area.reservation_area,
        reservation_area_type: area.reservation_area_type,
        reservation_request_date: date,
        reservation_request_hour: hour,
        reservation_total_person: Number(persons),
        ...(note.trim() && { reservation_note: note.trim() }),
      });
      navigate(`${base}/reservations?booked=1`);
    } catch (error) {
      const fields = error instanceof MicroSiteError ? error.fields : undefined;
      const named: Errors = {};
      for (const [field, message] of Object.entries(fields ?? {})) {
        const own = fieldOf[field];
        if (own) named[own] = message;
      }
      setErrors(named);
      setFailure(
        Object.keys(named).length > 0
          ? null
          : error instanceof MicroSiteError
            ? error.message
            : t('booking.failed'),
      );
    } finally {
      setSending(false);
    }
  };

  const header = <PageHeading title={t('booking.title')} text={t('booking.text')} />;
  const waiting = pageWaitingFor(areas, header, t('booking.loadError'));
  if (waiting) return waiting;
  const offered = dates?.data ?? [];
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      {header}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {(areas.data ?? []).length === 0 ? (
        <Alert severity="info">{t('booking.noAreas')}</Alert>
      ) : (
        <>
          <SelectField
            label={t('booking.area')}
            name="reservation_area"
            value={areaKey}
            placeholder={t('booking.pickArea')}
            options={(areas.data ?? []).map((candidate) => ({
              value: candidate.reservation_area,
              label: candidate.reservation_area_name,
            }))}
            onChange={(value) => {
              setAreaKey(value);
              setDate('');
              setHour('');
            }}
            error={errors.area}
          />
          {dates?.error && <Alert severity="error">{dates.error}</Alert>}
          {area && dates?.data && offered.length === 0 && (
            <Alert severity="info">{t('booking.noDates')}</Alert>
          )}
          <SelectField
            label={t('booking.date')}
            name="reservation_request_date"
            value={date}
            placeholder={t('booking.pickDate')}
            disabled={offered.length === 0}
            options={offered.map((entry) => ({ value: entry.date, label: formatDay(entry.date, language) }))}
            onChange={(value) => {
              setDate(value);
              setHour('');
            }}
            error={errors.date}
          />
          <SelectField
            label={t('booking.hour')}
            name="reservation_request_hour"
            value={hour}
            placeholder={t('booking.pickHour')}
            disabled={!day}
            options={(day?.hours ?? []).map((entry) => ({
              value: entry.time_range,
              label: `${entry.time_range} · ${t('booking.places', { count: entry.remaining })}`,
            }))}
            onChange={setHour}
            error={errors.hour}
          />
          <Field
            label={t('booking.persons')}
            name="reservation_total_person"
            type="number"
            value={persons}
            onChange={setPersons}
            error={errors.persons}
            htmlInput={{ min: 1, max: 50, inputMode: 'numeric' }}
          />
          <Field
            label={t('booking.note')}
            name="reservation_note"
            value={note}
            onChange={setNote}
            multiline
            error={errors.note}
          />
          <Button type="submit" variant="contained" size="large" disabled={sending}>
            {t('booking.submit')}
          </Button>
        </>
      )}
      <Button component={Link} href={`${base}/reservations`}>
        {t('booking.back')}
      </Button>
    </Box>
  );
}
