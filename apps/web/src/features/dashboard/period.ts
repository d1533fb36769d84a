import {
  type DashboardInterval,
  issuesToFields,
  type Language,
  type MallDashboardQuery,
  mallDashboardIntervals,
  mallDashboardQuery,
} from '@avlu/contracts';

/** The period the dashboard opens with (the server's default too). */
export const DEFAULT_INTERVAL: DashboardInterval = 'last_30_days';

export type PeriodChoice = {
  interval: DashboardInterval;
  startDate: string;
  endDate: string;
  /** The query to send; undefined while a date range is incomplete or wrong. */
  query: MallDashboardQuery | undefined;
  /** What is wrong with the range's days, by field (startDate, endDate), in the language. */
  problems: Record<string, string>;
};

/**
 * The period kept in the address (`interval`, `startDate`, `endDate`): an unknown interval is the
 * default one, a range is checked by the contract the server checks it with.
 */
export const periodFrom = (params: URLSearchParams, language: Language): PeriodChoice => {
  const raw = params.get('interval');
  const interval = (mallDashboardIntervals as readonly string[]).includes(raw ?? '')
    ? (raw as DashboardInterval)
    : DEFAULT_INTERVAL;
  if (interval !== 'date_range')
    return { interval, startDate: '', endDate: '', query: { interval }, problems: {} };
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  const candidate = {
    interval,
    ...(startDate && { startDate }),
    ...(endDate && { endDate }),
  };
  const parsed = mallDashboardQuery.safeParse(candidate);
  if (parsed.success) return { interval, startDate, endDate, query: candidate, problems: {} };
  return {
    interval,
    startDate,
    endDate,
    query: undefined,
    problems: issuesToFields(parsed.error.issues, language),
  };
};
