import { z } from 'zod';
import { objectId } from '../common/ids';
import { listSearchParams, queryFlag } from '../common/list-query';
import { isoDate, multilineText, personName, requiredText, singleLineText } from '../common/text';
import { customerGender } from '../customers/customer';
import { customerPhone } from '../customers/phone';

/**
 * Spec §3 Reservation area and Reservation, §4 Reservation, §5 Reservation, §7 "Reservations"
 * (issue 17 #1, #2): the places a mall takes bookings for (a kids' club, a VIP lounge, a store's
 * appointments) and the bookings themselves.
 *
 * An area opens between its start and end dates, on the week days and time ranges of its hours by
 * days; each entry (a day and a time range) is a slot that takes at most `max_reservation_number`
 * reservations a date. A pending or accepted reservation holds its place; a rejected or cancelled
 * one gives it back. A reservation names its area as spec §5 says the client sends it: a store area
 * by its store's id, another area by its name (`reservationAreaKey`).
 */
export const reservationAreaTypes = ['store', 'other'] as const;
export const reservationAreaType = z.enum(reservationAreaTypes);
export type ReservationAreaType = z.infer<typeof reservationAreaType>;

/** The week's days, Monday first (Turkey's calendar), as `Date#getDay()` numbers them below. */
export const reservationDays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const reservationDay = z.enum(reservationDays);
export type ReservationDay = z.infer<typeof reservationDay>;

/** The day of a `YYYY-MM-DD` date (a calendar day, whatever the time zone). */
export const reservationDayOf = (date: string): ReservationDay => {
  const sundayFirst = new Date(`${date}T12:00:00Z`).getUTCDay();
  return reservationDays[(sundayFirst + 6) % 7]!;
};

export const RESERVATION_LIMITS = {
  name: 120,
  cmsId: 64,
  /** Entries of an area's hours by days: seven days of many ranges. */
  hours: 7 * 48,
  maxReservations: { min: 1, max: 10_000 },
  persons: { min: 1, max: 50 },
  note: 500,
  customerName: 60,
  /** Spec §9: SMS content 10 to 947 characters, title at least 5; email subject at least 5. */
  sms: { title: { min: 5, max: 100 }, text: { min: 10, max: 947 } },
  email: { title: { min: 5, max: 200 }, text: { min: 10, max: 5000 } },
  /** How far ahead valid-dates offers dates: the area's end date or this many days, whichever is sooner. */
  offeredDays: 60,
} as const;

const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** A time range `HH:mm-HH:mm` of one day, the end after the start. */
export const timeRange = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .refine((value) => value === '' || TIME_RANGE.test(value), { message: 'validation.reservationTimeRange' })
  .refine((value) => !TIME_RANGE.test(value) || value.slice(0, 5) < value.slice(6), {
    message: 'validation.reservationTimeRangeOrder',
  });

/** The start of a time range, `HH:mm`. */
export const timeRangeStart = (range: string) => range.slice(0, 5);

/** One entry of an area's hours by days (spec §3). */
export const reservationAreaHour = z.strictObject({
  time_range: timeRange,
  day: reservationDay,
  max_reservation_number: z
    .number()
    .int()
    .min(RESERVATION_LIMITS.maxReservations.min)
    .max(RESERVATION_LIMITS.maxReservations.max),
});
export type ReservationAreaHour = z.infer<typeof reservationAreaHour>;

/** A required `YYYY-MM-DD`: left out or empty it is "required", not "enter a valid date". */
const requiredDate = () => z.string().min(1, { message: 'validation.required' }).pipe(isoDate());

/**
 * The body of `POST /reservation-areas` and `PUT /reservation-areas/{id}`, and the form's schema. A
 * store area names a store of the mall's directory (`reservation_area_store_id`), another names
 * none. The end date is not before the start; each day and time range is given once, and ranges of
 * one day do not overlap, so a moment of a day is one slot. Every rule is checked even when another
 * failed, so the form shows them all at once.
 */
export const reservationAreaInput = z
  .strictObject({
    reservation_area_name: requiredText(RESERVATION_LIMITS.name),
    reservation_area_cms_id: singleLineText().max(RESERVATION_LIMITS.cmsId).nullable().optional(),
    reservation_area_type: reservationAreaType,
    reservation_area_store_id: objectId.nullable().optional(),
    reservation_area_is_active: z.boolean(),
    reservation_start_date: requiredDate(),
    reservation_end_date: requiredDate(),
    reservation_area_hours_by_days: z
      .array(reservationAreaHour)
      .min(1, { message: 'validation.reservationHoursRequired' })
      .max(RESERVATION_LIMITS.hours),
  })
  .superRefine(
    (values, context) => {
      if (values === null || typeof values !== 'object') return;
      const failed = new Set(context.issues.map((issue) => String(issue.path?.[0])));
      const { reservation_start_date: start, reservation_end_date: end } = values;
      if (
        !failed.has('reservation_start_date') &&
        !failed.has('reservation_end_date') &&
        typeof start === 'string' &&
        typeof end === 'string' &&
        end < start
      )
        context.addIssue({
          code: 'custom',
          path: ['reservation_end_date'],
          message: 'validation.reservationEndBeforeStart',
        });
      if (!failed.has('reservation_area_type') && !failed.has('reservation_area_store_id')) {
        const hasStore = values.reservation_area_store_id != null;
        if (values.reservation_area_type === 'store' && !hasStore)
          context.addIssue({
            code: 'custom',
            path: ['reservation_area_store_id'],
            message: 'validation.required',
          });
        if (values.reservation_area_type === 'other' && hasStore)
          context.addIssue({
            code: 'custom',
            path: ['reservation_area_store_id'],
            message: 'validation.reservationStoreNotForOther',
          });
      }
      // Entries with their own issues are skipped below; only a list refused as a whole stops here.
      const listFailed = context.issues.some(
        (issue) => issue.path?.length === 1 && issue.path[0] === 'reservation_area_hours_by_days',
      );
      if (listFailed || !Array.isArray(values.reservation_area_hours_by_days)) return;
      const seen: { day: string; start: string; end: string }[] = [];
      values.reservation_area_hours_by_days.forEach((entry, index) => {
        if (!entry || !TIME_RANGE.test(entry.time_range) || !reservationDays.includes(entry.day)) return;
        const start = entry.time_range.slice(0, 5);
        const end = entry.time_range.slice(6);
        if (start >= end) return;
        const clash = seen.find((other) => other.day === entry.day && start < other.end && other.start < end);
        if (clash)
          context.addIssue({
            code: 'custom',
            path: ['reservation_area_hours_by_days', index, 'time_range'],
            message:
              clash.start === start && clash.end === end
                ? 'validation.reservationHourRepeated'
                : 'validation.reservationHourOverlaps',
          });
        seen.push({ day: entry.day, start, end });
      });
    },
    { when: () => true },
  )
  .transform((values) => ({
    ...values,
    reservation_area_cms_id: values.reservation_area_cms_id || null,
    reservation_area_store_id: values.reservation_area_store_id ?? null,
  }));
export type ReservationAreaInput = z.input<typeof reservationAreaInput>;
export type ReservationAreaValues = z.output<typeof reservationAreaInput>;

/** One area as answered; `reservation_area` is how a reservation names it (the store's id, else the name). */
export const reservationArea = z.object({
  _id: objectId,
  reservation_area: z.string(),
  reservation_area_name: z.string(),
  reservation_area_cms_id: z.string().nullable(),
  reservation_area_type: reservationAreaType,
  reservation_area_store_id: objectId.nullable(),
  /** The store's name, for lists; null for another area. */
  reservation_area_store_name: z.string().nullable(),
  reservation_area_is_active: z.boolean(),
  reservation_start_date: z.string(),
  reservation_end_date: z.string(),
  reservation_area_hours_by_days: z.array(reservationAreaHour),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReservationArea = z.infer<typeof reservationArea>;

/** How a reservation names an area (spec §5): a store area by its store's id, another by its name. */
export const reservationAreaKey = (area: {
  reservation_area_type: ReservationAreaType;
  reservation_area_store_id: string | null;
  reservation_area_name: string;
}) =>
  area.reservation_area_type === 'store' && area.reservation_area_store_id
    ? area.reservation_area_store_id
    : area.reservation_area_name;

/**
 * The screen's rows of an area's hours (spec §3): entries of the same time range and the same
 * maximum make one row listing its days, in the week's order; rows by their start time.
 */
export const groupAreaHours = (hours: readonly ReservationAreaHour[]) => {
  const rows = new Map<
    string,
    { time_range: string; max_reservation_number: number; days: ReservationDay[] }
  >();
  for (const entry of hours) {
    const key = `${entry.time_range}|${entry.max_reservation_number}`;
    const row = rows.get(key) ?? {
      time_range: entry.time_range,
      max_reservation_number: entry.max_reservation_number,
      days: [],
    };
    if (!row.days.includes(entry.day)) row.days.push(entry.day);
    rows.set(key, row);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, days: reservationDays.filter((day) => row.days.includes(day)) }))
    .sort(
      (a, b) =>
        a.time_range.localeCompare(b.time_range) || a.max_reservation_number - b.max_reservation_number,
    );
};

export const reservationAreaSortKeys = [
  'reservation_area_name',
  'reservation_area_type',
  'reservation_area_is_active',
  'reservation_start_date',
  'reservation_end_date',
  'createdAt',
] as const;
export type ReservationAreaSortKey = (typeof reservationAreaSortKeys)[number];

/** `GET /reservation-areas`: every area with `showAll=true` (pickers), else one page; active narrows it. */
export const reservationAreaListQuery = listSearchParams({
  orderBy: z.enum(reservationAreaSortKeys),
  filter: { showAll: queryFlag, reservation_area_is_active: queryFlag },
});
export type ReservationAreaListQuery = z.input<typeof reservationAreaListQuery>;

/** `GET /reservation-areas/valid-dates` (spec §7): the area as a reservation names it. */
export const reservationValidDatesQuery = z.strictObject({
  reservation_area: requiredText(RESERVATION_LIMITS.name),
  reservation_area_type: reservationAreaType,
});
export type ReservationValidDatesQuery = z.infer<typeof reservationValidDatesQuery>;

/** The dates an active area still has room on, each with its free slots (at least one place left). */
export const reservationValidDates = z.array(
  z.object({
    date: z.string(),
    day: reservationDay,
    hours: z.array(
      z.object({
        time_range: z.string(),
        max_reservation_number: z.number().int(),
        remaining: z.number().int(),
      }),
    ),
  }),
);
export type ReservationValidDates = z.infer<typeof reservationValidDates>;

export const reservationStatuses = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export const reservationStatus = z.enum(reservationStatuses);
export type ReservationStatus = z.infer<typeof reservationStatus>;

/**
 * Spec §4: a reservation starts pending; staff accept, reject or cancel it, and an accepted one can
 * still be cancelled (by staff, or by the customer on the micro-site). Rejected and cancelled are final.
 */
export const reservationTransitions: Record<ReservationStatus, readonly ReservationStatus[]> = {
  pending: ['accepted', 'rejected', 'cancelled'],
  accepted: ['cancelled'],
  rejected: [],
  cancelled: [],
};
/** A reservation in these statuses holds its place in its slot. */
export const reservationHoldsPlace = (status: ReservationStatus) =>
  status === 'pending' || status === 'accepted';

export const reservationSources = ['back-office', 'micro-site'] as const;
export type ReservationSource = (typeof reservationSources)[number];

/** What every booking names: the area (spec §5), the date, the slot, the party's size and a note. */
const bookingShape = {
  reservation_area: requiredText(RESERVATION_LIMITS.name),
  reservation_area_type: reservationAreaType,
  reservation_note: multilineText().max(RESERVATION_LIMITS.note).nullable().optional(),
  reservation_total_person: z
    .number()
    .int()
    .min(RESERVATION_LIMITS.persons.min)
    .max(RESERVATION_LIMITS.persons.max),
  reservation_request_date: requiredDate(),
  reservation_request_hour: timeRange,
};

/**
 * `POST /reservations` (spec §3, §5): the customer's name, surname, gender and phone, an email if
 * any, and the booking. Gender, hour, date and area are required (§5).
 */
export const reservationInput = z.strictObject({
  reservation_customer_name: personName(RESERVATION_LIMITS.customerName),
  reservation_customer_surname: personName(RESERVATION_LIMITS.customerName),
  reservation_customer_gender: customerGender,
  reservation_customer_phone: customerPhone,
  reservation_customer_email: z
    .email({ message: 'validation.format.email' })
    .min(6)
    .max(265)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  ...bookingShape,
});
export type ReservationInput = z.input<typeof reservationInput>;
export type ReservationValues = z.output<typeof reservationInput>;

/** The micro-site's booking: the signed-in customer's own name, phone and email come from the profile. */
export const reservationBookingInput = z.strictObject(bookingShape);
export type ReservationBookingInput = z.input<typeof reservationBookingInput>;

export const reservation = z.object({
  _id: objectId,
  reservation_customer_name: z.string(),
  reservation_customer_surname: z.string(),
  reservation_customer_gender: customerGender,
  reservation_customer_phone: z.string(),
  reservation_customer_email: z.string().nullable(),
  reservation_area: z.string(),
  reservation_area_id: objectId,
  reservation_area_name: z.string(),
  reservation_area_type: reservationAreaType,
  reservation_note: z.string().nullable(),
  reservation_total_person: z.number().int(),
  reservation_request_date: z.string(),
  reservation_request_hour: z.string(),
  reservation_status: reservationStatus,
  reservation_source: z.enum(reservationSources),
  customer_id: objectId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof reservation>;

export const reservationSortKeys = [
  'reservation_request_date',
  'reservation_customer_name',
  'reservation_area_name',
  'reservation_status',
  'reservation_total_person',
  'createdAt',
] as const;
export type ReservationSortKey = (typeof reservationSortKeys)[number];

/** `GET /reservations`: one page; status, area and a range of dates narrow it; keyword: name, surname, phone, email. */
export const reservationListQuery = listSearchParams({
  orderBy: z.enum(reservationSortKeys),
  filter: {
    reservation_status: reservationStatus.optional(),
    reservation_area_id: objectId.optional(),
    date_from: isoDate().optional(),
    date_to: isoDate().optional(),
  },
});
export type ReservationListQuery = z.input<typeof reservationListQuery>;

/** `PUT /reservations/{id}/update-status` (spec §7). */
export const reservationStatusInput = z.strictObject({
  reservation_status: z.enum(['accepted', 'rejected', 'cancelled']),
});
export type ReservationStatusInput = z.infer<typeof reservationStatusInput>;

/** `PUT /reservations/{id}/send-sms` (spec §7, §9 lengths). */
export const reservationSmsInput = z.strictObject({
  sms_title: requiredText(RESERVATION_LIMITS.sms.title.max).pipe(
    z.string().min(RESERVATION_LIMITS.sms.title.min),
  ),
  sms_text: multilineText()
    .min(1, { message: 'validation.required' })
    .pipe(z.string().min(RESERVATION_LIMITS.sms.text.min).max(RESERVATION_LIMITS.sms.text.max)),
});
export type ReservationSmsInput = z.infer<typeof reservationSmsInput>;

/** `PUT /reservations/{id}/send-email` (spec §7). */
export const reservationEmailInput = z.strictObject({
  email_title: requiredText(RESERVATION_LIMITS.email.title.max).pipe(
    z.string().min(RESERVATION_LIMITS.email.title.min),
  ),
  email_text: multilineText()
    .min(1, { message: 'validation.required' })
    .pipe(z.string().min(RESERVATION_LIMITS.email.text.min).max(RESERVATION_LIMITS.email.text.max)),
});
export type ReservationEmailInput = z.infer<typeof reservationEmailInput>;

/** What a send answers: where the message went. */
export const reservationMessageSent = z.object({ sent: z.literal(true), to: z.string() });

/** An active area as the micro-site offers it: only what booking needs. */
export const publicReservationArea = z.object({
  reservation_area: z.string(),
  reservation_area_name: z.string(),
  reservation_area_type: reservationAreaType,
  reservation_start_date: z.string(),
  reservation_end_date: z.string(),
});
export type PublicReservationArea = z.infer<typeof publicReservationArea>;

/** A reservation as its customer sees it on the micro-site. */
export const customerReservation = reservation.pick({
  _id: true,
  reservation_area: true,
  reservation_area_name: true,
  reservation_area_type: true,
  reservation_note: true,
  reservation_total_person: true,
  reservation_request_date: true,
  reservation_request_hour: true,
  reservation_status: true,
  createdAt: true,
});
export type CustomerReservation = z.infer<typeof customerReservation>;
