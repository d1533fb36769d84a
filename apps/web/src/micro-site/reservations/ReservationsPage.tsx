import type { CustomerReservation, MicroSiteLocation } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useMicroSiteGet } from '../campaigns/data';
import { EmptyState, LoadFailed, PageHeading } from '../campaigns/PageStates';
import { LoadingScreen } from '../components/LoadingScreen';
import { messageOf } from '../lib/api';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { formatDay, MY_RESERVATIONS_PATH, useReservationT } from './texts';

const statusColor = {
  pending: 'warning.dark',
  accepted: 'success.dark',
  rejected: 'error.dark',
  cancelled: 'text.secondary',
} as const;

/** "Rezervasyonlarım": the customer's reservations, the latest date first; a pending or accepted one can be cancelled. */
export default function ReservationsPage({ location: _ }: { location: MicroSiteLocation | null }) {
  const { t, language } = useReservationT();
  const { base, api } = useSession();
  const list = useMicroSiteGet<CustomerReservation[]>(MY_RESERVATIONS_PATH);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(() =>
    typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('booked')
      ? { severity: 'success', text: t('reservations.booked') }
      : null,
  );
  const cancel = async (row: CustomerReservation) => {
    setBusy(true);
    try {
      const changed = await api.post<CustomerReservation>(`${MY_RESERVATIONS_PATH}/${row._id}/cancel`);
      list.update((rows) => rows.map((other) => (other._id === row._id ? changed : other)));
      setNotice({ severity: 'success', text: t('reservations.cancelled') });
    } catch (error) {
      setNotice({ severity: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const book = (
    <Button component={Link} href={`${base}/reservations/new`} variant="contained" size="large">
      {t('reservations.book')}
    </Button>
  );
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <PageHeading title={t('reservations.title')} text={t('reservations.text')} />
      {notice && (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      {list.loading && !list.data ? (
        <LoadingScreen />
      ) : list.error !== null ? (
        <LoadFailed title={t('reservations.loadError')} message={list.error} onRetry={list.reload} />
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState title={t('reservations.empty')} text={t('reservations.emptyText')} action={book} />
      ) : (
        <>
          {book}
          <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
            {list.data!.map((row) => {
              const titleId = `reservation-${row._id}`;
              const day = formatDay(row.reservation_request_date, language);
              const open = row.reservation_status === 'pending' || row.reservation_status === 'accepted';
              return (
                <Paper
                  key={row._id}
                  component="li"
                  aria-labelledby={titleId}
                  variant="outlined"
                  sx={{ p: 2, borderRadius: 3, display: 'grid', gap: 0.75 }}
                >
                  <Box
                    sx={{ display: 'flex', gap: 1, alignItems: 'baseline', justifyContent: 'space-between' }}
                  >
                    <Typography id={titleId} variant="h6" component="h2">
                      {row.reservation_area_name}
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{
                        fontWeight: 700,
                        color: statusColor[row.reservation_status],
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {t(`reservations.statuses.${row.reservation_status}`)}
                    </Typography>
                  </Box>
                  <Typography>
                    {day} · {row.reservation_request_hour}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('reservations.persons', { count: row.reservation_total_person })}
                    {row.reservation_note ? ` · ${row.reservation_note}` : ''}
                  </Typography>
                  {open &&
                    (asking === row._id ? (
                      <Alert
                        severity="warning"
                        action={
                          <Box sx={{ display: 'flex', gap: 1 }}>
                            <Button
                              color="inherit"
                              size="small"
                              onClick={() => setAsking(null)}
                              disabled={busy}
                            >
                              {t('reservations.cancelNo')}
                            </Button>
                            <Button
                              color="error"
                              size="small"
                              onClick={() => void cancel(row)}
                              disabled={busy}
                            >
                              {t('reservations.cancelYes')}
                            </Button>
                          </Box>
                        }
                      >
                        {t('reservations.cancelAsk', {
                          area: row.reservation_area_name,
                          date: day,
                          hour: row.reservation_request_hour,
                        })}
                      </Alert>
                    ) : (
                      <Button
                        color="error"
                        sx={{ justifySelf: 'start' }}
                        aria-describedby={titleId}
                        onClick={() => setAsking(row._id)}
                      >
                        {t('reservations.cancel')}
                      </Button>
                    ))}
                </Paper>
              );
            })}
          </Box>
        </>
      )}
    </Box>
  );
}
