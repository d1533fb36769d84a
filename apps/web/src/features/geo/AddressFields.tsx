import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { type FieldPath, type FieldValues, type PathValue, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormField } from '../../lib/form';
import { matchesFolded } from './fold';
import { useAddressChain } from './geo.resource';

type PlaceFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  options: readonly string[];
  loading: boolean;
  disabled: boolean;
  /** Its parent is not chosen yet: the field is locked and says so. */
  waiting?: boolean;
  waitingHint?: string;
  /** Secondary text of an option (a neighbourhood's postal code). */
  detail?: (option: string) => string | undefined;
  onPick: (value: string | null) => void;
};

const filterFolded = (options: string[], { inputValue }: { inputValue: string }) =>
  inputValue ? options.filter((option) => matchesFolded(option, inputValue)) : options;

/** One autocomplete of the address chain, bound to a form field holding the place's name. */
function PlaceField<T extends FieldValues>({
  name,
  label,
  options,
  loading,
  disabled,
  waiting = false,
  waitingHint,
  detail,
  onPick,
}: PlaceFieldProps<T>) {
  const { t } = useTranslation('geo');
  const { field, error, ...bound } = useFormField<T>(name, label, disabled || waiting);
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  // A stored name the lookups no longer list (an imported customer) stays shown rather than lost.
  const choices = useMemo(
    () => (value && !options.includes(value) ? [value, ...options] : [...options]),
    [options, value],
  );
  const helper: ReactNode = error ?? (waiting ? waitingHint : undefined);
  return (
    <Autocomplete<string>
      options={choices}
      value={value}
      loading={loading}
      disabled={bound.disabled}
      autoHighlight
      filterOptions={filterFolded}
      noOptionsText={t('noOptions')}
      loadingText={t('loading')}
      onChange={(_, picked) => onPick(picked)}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ justifyContent: 'space-between', gap: 2 }}>
          <span>{option}</span>
          {detail?.(option) && (
            <Typography variant="caption" color="text.secondary">
              {detail(option)}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={bound.label}
          error={Boolean(error)}
          helperText={helper}
        />
      )}
    />
  );
}

export type AddressFieldNames<T extends FieldValues> = {
  province: FieldPath<T>;
  district: FieldPath<T>;
  locality: FieldPath<T>;
};

export type AddressFieldsProps<T extends FieldValues> = {
  /** The form fields holding the names; the customer's `customer_province`, … by default. */
  names?: AddressFieldNames<T>;
  disabled?: boolean;
};

const customerNames = {
  province: 'customer_province',
  district: 'customer_district',
  locality: 'customer_locality',
};

const unique = (names: readonly string[]) => [...new Set(names)];

/**
 * Province (il), district (ilçe) and neighbourhood (mahalle) pickers of a react-hook-form form, fed
 * by /api/geo and holding names, as the customer stores them. Spec §4: a new province clears the
 * district and the neighbourhood, a new district clears the neighbourhood, and each waits for its
 * parent to be chosen.
 */
export function AddressFields<T extends FieldValues = FieldValues>({
  names = customerNames as AddressFieldNames<T>,
  disabled = false,
}: AddressFieldsProps<T>) {
  const { t } = useTranslation('geo');
  const { setValue } = useFormContext<T>();
  const [province, district] = useWatch<T>({
    name: [names.province, names.district],
  }) as readonly unknown[] as [string | null | undefined, string | null | undefined];
  const chain = useAddressChain(province, district);
  const zipByName = useMemo(
    () => new Map((chain.neighborhoods.data ?? []).map((place) => [place.name, place.zip_code])),
    [chain.neighborhoods.data],
  );

  const set = (name: FieldPath<T>, value: string | null) =>
    setValue(name, value as PathValue<T, FieldPath<T>>, {
      shouldDirty: true,
      shouldTouch: true,
      shouldValidate: true,
    });
  const pickProvince = (value: string | null) => {
    if (value === (province || null)) return;
    set(names.province, value);
    set(names.district, null);
    set(names.locality, null);
  };
  const pickDistrict = (value: string | null) => {
    if (value === (district || null)) return;
    set(names.district, value);
    set(names.locality, null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      <PlaceField<T>
        name={names.province}
        label="geo:fields.province"
        options={unique((chain.cities.data ?? []).map((place) => place.name))}
        loading={chain.cities.isPending}
        disabled={disabled}
        onPick={pickProvince}
      />
      <PlaceField<T>
        name={names.district}
        label="geo:fields.district"
        options={unique((chain.towns.data ?? []).map((place) => place.name))}
        loading={Boolean(chain.cityId) && chain.towns.isPending}
        disabled={disabled}
        waiting={!province}
        waitingHint={t('chooseProvince')}
        onPick={pickDistrict}
      />
      <PlaceField<T>
        name={names.locality}
        label="geo:fields.locality"
        options={unique((chain.neighborhoods.data ?? []).map((place) => place.name))}
        loading={Boolean(chain.townId) && chain.neighborhoods.isPending}
        disabled={disabled}
        waiting={!district}
        waitingHint={t('chooseDistrict')}
        detail={(name) => zipByName.get(name)}
        onPick={(value) => set(names.locality, value)}
      />
    </Box>
  );
}
