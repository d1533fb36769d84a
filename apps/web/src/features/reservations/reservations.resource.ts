import {
  type Reservation,
  type ReservationArea,
  type ReservationAreaInput,
  type ReservationEmailInput,
  type ReservationInput,
  type ReservationSmsInput,
  type ReservationStatusInput,
  type ReservationValidDates,
  reservation,
  reservationArea,
  reservationValidDates,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api } from '../../lib/api';
import { defineResource, queryList } from '../../lib/resource';

export const LIST_PATH = '/reservation/reservations';
export const AREAS_PATH = '/reservation/reservation-area';

/** Spec §7 "Reservations": areas are `GET`/`POST /reservation-areas`, `GET`/`PUT`/`DELETE …/{id}`. */
export const reservationAreas = defineResource<ReservationArea, ReservationAreaInput>({
  name: 'reservation-areas',
  path: '/reservation-areas',
  item: reservationArea,
  list: queryList('/reservation-areas'),
  messages: {
    created: 'reservations:areas.created',
    updated: 'reservations:areas.updated',
    removed: 'reservations:areas.removed',
  },
});

/** `GET`/`POST /reservations`, `GET`/`DELETE /reservations/{id}`. */
export const reservations = defineResource<Reservation, ReservationInput>({
  name: 'reservations',
  path: '/reservations',
  item: reservation,
  list: queryList('/reservations'),
  messages: { created: 'reservations:created', removed: 'reservations:removed' },
});

/** The active areas, for the registration form's picker. */
export const useActiveAreas = () =>
  useQuery<ReservationArea[], ApiError>({
    queryKey: [...reservationAreas.keys.lists(), 'active'],
    queryFn: ({ signal }) =>
      api.get('/reservation-areas', {
        query: { showAll: true, reservation_area_is_active: true },
        schema: z.array(reservationArea),
        signal,
        dedupe: false,
      }),
  });

/** `GET /reservation-areas/valid-dates`: the dates and hours the area still has room on. */
export const useValidDates = (
  area: Pick<ReservationArea, 'reservation_area' | 'reservation_area_type'> | undefined,
) =>
  useQuery<ReservationValidDates, ApiError>({
    queryKey: [
      ...reservationAreas.keys.all,
      'valid-dates',
      area?.reservation_area,
      area?.reservation_area_type,
    ],
    queryFn: ({ signal }) =>
      api.get('/reservation-areas/valid-dates', {
        query: {
          reservation_area: area!.reservation_area,
          reservation_area_type: area!.reservation_area_type,
        },
        schema: reservationValidDates,
        signal,
        dedupe: false,
      }),
    enabled: Boolean(area),
  });

/** `PUT /reservations/{id}/update-status`. */
export const useUpdateStatus = () =>
  reservations.useAction(
    ({ id, data }: { id: string; data: ReservationStatusInput }) =>
      api.put<Reservation>(`/reservations/${id}/update-status`, data),
    { success: 'reservations:detailPage.statusChanged' },
  );

/** `PUT /reservations/{id}/send-sms`. */
export const useSendSms = () =>
  reservations.useAction(
    ({ id, data }: { id: string; data: ReservationSmsInput }) =>
      api.put(`/reservations/${id}/send-sms`, data),
    { success: 'reservations:detailPage.smsSent', error: false, invalidates: () => [] },
  );

/** `PUT /reservations/{id}/send-email`. */
export const useSendEmail = () =>
  reservations.useAction(
    ({ id, data }: { id: string; data: ReservationEmailInput }) =>
      api.put(`/reservations/${id}/send-email`, data),
    { success: 'reservations:detailPage.emailSent', error: false, invalidates: () => [] },
  );
