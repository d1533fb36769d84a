import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { matchesFolded } from '../geo';
import { categoryName, useAllStoreCategories } from '../stores/stores.resource';

/**
 * The mall's store categories picked by name, held as their ids (`GET /data/categories?showAll`),
 * like the campaign form's store picker; a saved id the list lacks still shows.
 */
export const CategoriesField = <T extends FieldValues>({
  name,
  label,
  hint,
  disabled,
  required,
}: BoundFieldProps<T> & { required?: boolean }) => {
  const { t } = useTranslation('point-providers');
  const language = useLanguage();
  const categories = useAllStoreCategories();
  const names = useMemo(
    () => new Map((categories.data?.data ?? []).map((row) => [row._id, categoryName(row, language)])),
    [categories.data, language],
  );
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const nameOf = (id: string) => names.get(id) ?? t('form.unknownRecord');
  return (
    <Autocomplete<string, true>
      multiple
      options={[...names.keys()]}
      value={value}
      loading={categories.isPending}
      disabled={bound.disabled}
      filterSelectedOptions
      getOptionLabel={nameOf}
      filterOptions={(ids, { inputValue }) => ids.filter((id) => matchesFolded(nameOf(id), inputValue))}
      noOptionsText={names.size ? t('form.noMatch') : t('form.noCategories')}
      loadingText={t('form.loading')}
      onChange={(_, ids) => field.onChange(ids)}
      onBlur={field.onBlur}
      renderValue={(ids, getItemProps) =>
        ids.map((id, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={nameOf(id)} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={bound.label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? (categories.isError ? t('form.categoriesUnavailable') : hint && t(hint))}
        />
      )}
    />
  );
};
