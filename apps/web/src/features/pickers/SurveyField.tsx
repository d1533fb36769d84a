import { listResponse, type Survey, survey } from '@avlu/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ApiError, api } from '../../lib/api';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { formatDate } from '../../lib/i18n/dates';
import { usePermissions } from '../../lib/permissions';
import { matchesFolded } from '../geo';

const surveyPage = listResponse(survey);

/**
 * The mall's surveys for a picker (`GET /survey`, newest first, one page of the most a page holds).
 * Its key sits under the surveys resource's lists, so a survey saved on the survey screens shows here.
 */
const useAllSurveys = (enabled: boolean) =>
  useQuery<Survey[], ApiError>({
    queryKey: ['surveys', 'list', 'picker'],
    queryFn: async ({ signal }) =>
      (
        await api.get('/survey', {
          query: { limit: 1000, currentPage: 1 },
          schema: surveyPage,
          signal,
          dedupe: false,
        })
      ).data,
    staleTime: 60_000,
    retry: false,
    enabled,
  });

type SurveyFieldProps<T extends FieldValues> = BoundFieldProps<T> & { required?: boolean };

/**
 * One survey of the mall, held as its id: each offered by its title and dates; a saved id the list
 * lacks still shows. A role without the surveys module is not asked for the list, and says so.
 */
export const SurveyField = <T extends FieldValues>({
  name,
  label,
  hint,
  disabled,
  required,
}: SurveyFieldProps<T>) => {
  const { t } = useTranslation('campaigns');
  const allowed = usePermissions().canUseSubject('modules:survey');
  const list = useAllSurveys(allowed);
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const byId = useMemo(() => new Map((list.data ?? []).map((row) => [row._id, row])), [list.data]);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  const options = useMemo(() => {
    const ids = [...byId.keys()];
    return value && !byId.has(value) ? [value, ...ids] : ids;
  }, [byId, value]);
  const nameOf = (id: string) => byId.get(id)?.survey_title ?? t('form.unknownRecord');
  const datesOf = (id: string) => {
    const row = byId.get(id);
    return row ? `${formatDate(row.survey_start_at)} – ${formatDate(row.survey_end_at)}` : '';
  };
  const failed = !allowed || list.isError ? t('form.surveysUnavailable') : undefined;
  return (
    <Autocomplete<string>
      options={options}
      value={value}
      loading={allowed && list.isPending}
      disabled={bound.disabled}
      getOptionLabel={nameOf}
      filterOptions={(ids, { inputValue }) => ids.filter((id) => matchesFolded(nameOf(id), inputValue))}
      noOptionsText={byId.size ? t('form.noMatch') : t('form.noSurveys')}
      loadingText={t('form.loadingOptions')}
      onChange={(_, id) => field.onChange(id)}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, id) => (
        <li key={key} {...props}>
          <span>
            {nameOf(id)}
            <br />
            <small>{datesOf(id)}</small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={bound.label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? failed ?? (hint && t(hint))}
        />
      )}
    />
  );
};
