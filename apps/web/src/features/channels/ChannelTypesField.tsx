import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { matchesFolded } from '../geo';
import { useAllChannelTypes } from './channels.resource';

/** The channel's types (channel tags) as ids, picked by name from the mall's channel tags. */
export const ChannelTypesField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
}: BoundFieldProps<T>) => {
  const { t } = useTranslation('channels');
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const types = useAllChannelTypes();
  const rows = types.data?.data ?? [];
  const nameOf = new Map(rows.map((row) => [row._id, row.channel_type_name]));
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  return (
    <Autocomplete<string, true>
      multiple
      options={rows.map((row) => row._id)}
      value={value}
      loading={types.isPending}
      disabled={bound.disabled}
      filterSelectedOptions
      getOptionLabel={(id) => nameOf.get(id) ?? id}
      filterOptions={(ids, { inputValue }) =>
        ids.filter((id) => matchesFolded(nameOf.get(id) ?? '', inputValue))
      }
      noOptionsText={rows.length ? t('noMatchingTags') : t('noTags')}
      onChange={(_, ids) => field.onChange(ids)}
      onBlur={field.onBlur}
      renderValue={(ids, getItemProps) =>
        ids.map((id, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={nameOf.get(id) ?? id} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={bound.label}
          error={Boolean(error)}
          helperText={error ?? (hint && t(hint))}
        />
      )}
    />
  );
};
