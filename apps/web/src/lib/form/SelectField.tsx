import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField';

/** An option; options with a `group` are listed under its heading, in the order given. */
export type SelectOption = { value: string | number; label: string; group?: string };

export type SelectFieldProps<T extends FieldValues = FieldValues> = Omit<
  TextFieldProps<T>,
  'select' | 'parse' | 'children'
> & {
  /** Labels are shown as given: translate them where the options are built. */
  options: readonly SelectOption[];
};

/** A drop-down whose form value keeps the option's own type (a number stays a number). */
export const SelectField = <T extends FieldValues = FieldValues>({
  options,
  ...props
}: SelectFieldProps<T>) => (
  <TextField<T>
    {...props}
    select
    parse={(text) => options.find((option) => String(option.value) === text)?.value}
  >
    {options.flatMap((option, index) => [
      ...(option.group !== undefined && option.group !== options[index - 1]?.group
        ? [<ListSubheader key={`group:${option.group}`}>{option.group}</ListSubheader>]
        : []),
      <MenuItem key={option.value} value={String(option.value)}>
        {option.label}
      </MenuItem>,
    ])}
  </TextField>
);
