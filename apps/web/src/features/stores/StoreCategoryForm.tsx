import { type StoreCategoryInput, storeCategoryInput } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import './texts';

type StoreCategoryFormProps = {
  defaultValues: StoreCategoryInput;
  onSubmit: (values: StoreCategoryInput) => Promise<unknown>;
};

/** A category's Turkish and English names, for /settings/store-categories/new and …/edit. */
export function StoreCategoryForm({ defaultValues, onSubmit }: StoreCategoryFormProps) {
  const form = useZodForm(storeCategoryInput, { defaultValues });
  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Form form={form} labels="stores" onSubmit={(values) => onSubmit(values)}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField name="store_category_name" autoFocus />
          <TextField name="store_category_name_en" hint="stores:categories.englishHint" />
        </Box>
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
