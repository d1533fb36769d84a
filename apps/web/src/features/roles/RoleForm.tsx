import { type RoleInput, roleInput } from '@avlu/contracts';
import Card from '@mui/material/Card';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { PermissionTreeField } from './PermissionTreeField';

type RoleFormProps = { defaultValues: RoleInput; onSubmit: (values: RoleInput) => Promise<unknown> };

/** Name and permission tree of a role, for /user/roles/new and /user/roles/{id}/edit. */
export function RoleForm({ defaultValues, onSubmit }: RoleFormProps) {
  const form = useZodForm(roleInput, { defaultValues });
  return (
    <Card sx={{ p: 3 }}>
      <Form form={form} labels="roles" onSubmit={(values) => onSubmit(values)}>
        <TextField name="role_name" sx={{ maxWidth: 480 }} />
        <PermissionTreeField name="menu_items" />
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
