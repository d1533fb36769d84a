import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormUploadField, useUploadProgress } from '../../components/upload-field';
import { Form, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageUrl } from '../account/upload-image';
import {
  categoryName,
  type StoreFormInput,
  type StoreFormValues,
  storeForm,
  useAllStoreCategories,
} from './stores.resource';
import './texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

type StoreFormProps = {
  mode: 'create' | 'edit';
  defaultValues: StoreFormInput;
  /** Receives the values with the logo already uploaded (its URL). */
  onSubmit: (values: StoreFormValues & { store_logo: string | null }) => Promise<unknown>;
};

/** Every field of a store, for /settings/stores/new and …/{id}/edit. */
export function StoreForm({ mode, defaultValues, onSubmit }: StoreFormProps) {
  const { t } = useTranslation('stores');
  const language = useLanguage();
  const form = useZodForm(storeForm, { defaultValues });
  const upload = useUploadProgress();
  const categories = useAllStoreCategories();
  const options = (categories.data?.data ?? []).map((row) => ({
    value: row._id,
    label: categoryName(row, language),
  }));

  const submit = async (values: StoreFormValues) => {
    const store_logo = await imageUrl(values.store_logo, upload.onProgress).finally(upload.reset);
    await onSubmit({ ...values, store_logo });
  };

  return (
    <Form form={form} labels="stores" onSubmit={submit}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title={t('form.store')}>
            <TextField name="store_name" autoFocus={mode === 'create'} />
            <SelectField
              name="store_category_id"
              options={options}
              hint={options.length === 0 && categories.isSuccess ? 'stores:form.noCategories' : undefined}
            />
            <Box sx={pair}>
              <TextField name="store_floor" hint="stores:form.floorHint" />
              <TextField name="store_unit_no" />
            </Box>
          </Section>
          <Section title={t('form.contact')}>
            <Box sx={pair}>
              <TextField name="store_phone" type="tel" hint="stores:form.phoneHint" />
              <TextField name="store_website" type="url" hint="stores:form.websiteHint" />
            </Box>
            <TextField name="store_cms_id" hint="stores:form.cmsHint" />
          </Section>
        </Stack>
        <Stack spacing={3}>
          <Section title={t('form.logo')}>
            <FormUploadField
              name="store_logo"
              accept={IMAGE_ACCEPT}
              maxSize={IMAGE_MAX_BYTES}
              progress={upload.percent}
            />
          </Section>
          <Section title={t('form.state')}>
            <SwitchField name="store_is_active" hint="stores:form.activeHint" />
          </Section>
          <SubmitButton sx={{ alignSelf: 'flex-end' }} />
        </Stack>
      </Box>
    </Form>
  );
}
