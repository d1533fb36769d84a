import {
  type PointProviderInput,
  type PointProviderValues,
  pointProviderCurrencies,
  pointProviderIdsField,
  pointProviderInput,
  pointProviderTypes,
} from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { type ReactNode, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../lib/form';
import { CategoriesField, StoresField } from '../pickers/PickerFields';
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

export const emptyPointProvider: PointProviderInput = {
  point_provider_name: '',
  point_provider_type: 'default',
  // Numbers start empty: the rules say "required" until one is typed.
  point_provider_priority: undefined as unknown as number,
  point_provider_min_amount: undefined as unknown as number,
  point_provider_points_multiplier: undefined as unknown as number,
  point_provider_start_at: '',
  point_provider_end_at: '',
  point_provider_store_ids: [],
  point_provider_category_ids: [],
  currency: 'TRY',
};

type PointProviderFormProps = {
  mode: 'create' | 'edit';
  defaultValues: PointProviderInput;
  onSubmit: (values: PointProviderValues) => Promise<unknown>;
};

/**
 * Every field of a point provider, for /loyalty/point-providers/new and /{pointProviderId}. The
 * rules are contracts' `pointProviderInput`, the server's own. A store provider picks stores, a
 * category provider categories; a list the chosen type does not use is emptied, not sent.
 */
export function PointProviderForm({ mode, defaultValues, onSubmit }: PointProviderFormProps) {
  const { t } = useTranslation('point-providers');
  const form = useZodForm(pointProviderInput, { defaultValues });
  const type = useWatch({ control: form.control, name: 'point_provider_type' });
  const wanted = pointProviderIdsField[type];
  useEffect(() => {
    for (const field of ['point_provider_store_ids', 'point_provider_category_ids'] as const)
      if (field !== wanted && form.getValues(field)?.length) form.setValue(field, []);
  }, [wanted, form]);
  const types = pointProviderTypes.map((value) => ({ value, label: t(`types.${value}`) }));
  const currencies = pointProviderCurrencies.map((value) => ({ value, label: t(`currencies.${value}`) }));
  return (
    <Form form={form} labels="point-providers" onSubmit={onSubmit}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title={t('form.rule')}>
            <TextField name="point_provider_name" autoFocus={mode === 'create'} />
            <Box sx={pair}>
              <SelectField
                name="point_provider_type"
                options={types}
                hint={`point-providers:form.typeHints.${type}`}
              />
              <NumberField name="point_provider_priority" hint="point-providers:form.priorityHint" />
            </Box>
            {wanted === 'point_provider_store_ids' && (
              <StoresField name="point_provider_store_ids" required hint="point-providers:form.storesHint" />
            )}
            {wanted === 'point_provider_category_ids' && (
              <CategoriesField
                name="point_provider_category_ids"
                required
                hint="point-providers:form.categoriesHint"
              />
            )}
          </Section>
          <Section title={t('form.earning')}>
            <Box sx={pair}>
              <NumberField name="point_provider_min_amount" hint="point-providers:form.minAmountHint" />
              <NumberField
                name="point_provider_points_multiplier"
                hint="point-providers:form.multiplierHint"
                slotProps={{ htmlInput: { step: 0.01 } }}
              />
            </Box>
            <SelectField name="currency" options={currencies} />
          </Section>
        </Stack>
        <Stack spacing={3}>
          <Section title={t('form.validity')}>
            <DateField name="point_provider_start_at" />
            <DateField name="point_provider_end_at" />
          </Section>
          <SubmitButton sx={{ alignSelf: 'flex-end' }} />
        </Stack>
      </Box>
    </Form>
  );
}
