import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from './use-form-field';

const Toggle = <T extends FieldValues>({
  control: Control,
  name,
  label,
  hint,
  disabled,
}: BoundFieldProps<T> & { control: typeof Checkbox | typeof Switch }) => {
  const { t } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  return (
    <FormControl error={Boolean(error)} disabled={bound.disabled}>
      <FormControlLabel
        label={bound.label}
        control={
          <Control
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(_, checked) => field.onChange(checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {(error || hint) && <FormHelperText>{error ?? (hint && t(hint))}</FormHelperText>}
    </FormControl>
  );
};

export const CheckboxField = <T extends FieldValues = FieldValues>(props: BoundFieldProps<T>) => (
  <Toggle<T> control={Checkbox} {...props} />
);

export const SwitchField = <T extends FieldValues = FieldValues>(props: BoundFieldProps<T>) => (
  <Toggle<T> control={Switch} {...props} />
);
