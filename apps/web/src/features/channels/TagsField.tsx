import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from '../../lib/form';

/** Free words as chips: typed and added with Enter (or a comma), removed with their cross. */
export const TagsField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
}: BoundFieldProps<T>) => {
  const { t } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const commit = (words: readonly string[]) =>
    field.onChange([...new Set(words.map((word) => word.trim()).filter(Boolean))]);
  const [text, setText] = useState('');
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={[]}
      value={value}
      disabled={bound.disabled}
      onChange={(_, words) => commit(words)}
      onBlur={() => {
        // A word typed but not yet added is kept rather than lost when the field is left.
        if (text.trim()) commit([...value, text]);
        setText('');
        field.onBlur();
      }}
      inputValue={text}
      onInputChange={(_, typed) => {
        if (!typed.endsWith(',')) return setText(typed);
        commit([...value, typed.slice(0, -1)]);
        setText('');
      }}
      renderValue={(words, getItemProps) =>
        words.map((word, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" variant="outlined" label={word} {...props} />;
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
