import type { FieldValues } from 'react-hook-form';
import { SelectField, type SelectFieldProps } from '../../lib/form';
import { useRoleName } from '../../lib/permissions';
import { allRoles, roles } from './roles.resource';

/** A role picker fed by GET /core/role. */
export const RoleSelectField = <T extends FieldValues = FieldValues>(
  props: Omit<SelectFieldProps<T>, 'options'>,
) => {
  const { data } = roles.useList(allRoles);
  const roleName = useRoleName();
  const options = (data?.data ?? []).map((row) => ({ value: row._id, label: roleName(row.role_name) }));
  return <SelectField<T> {...props} options={options} />;
};
