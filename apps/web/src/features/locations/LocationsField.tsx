import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { useMyLocations } from './my-locations';

/** Several malls out of the signed-in user's own (GET /core/location); the form value is their ids. */
export const LocationsField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
}: BoundFieldProps<T>) => {
  const { t } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const { data: locations = [] } = useMyLocations();
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const nameOf = (id: string) => locations.find((location) => location._id === id)?.location_name ?? id;
  return (
    <MuiTextField
      select
      fullWidth
      name={field.name}
      label={bound.label}
      value={value}
      onChange={(event) => field.onChange(event.target.value as unknown as string[])}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={bound.disabled}
      error={Boolean(error)}
      helperText={error ?? (hint && t(hint))}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              {(selected as string[]).map((id) => (
                <Chip key={id} size="small" label={nameOf(id)} />
              ))}
            </Stack>
          ),
        },
      }}
    >
      {locations.map((location) => (
        <MenuItem key={location._id} value={location._id}>
          <Checkbox size="small" checked={value.includes(location._id)} />
          <ListItemText primary={location.location_name} />
        </MenuItem>
      ))}
    </MuiTextField>
  );
};
