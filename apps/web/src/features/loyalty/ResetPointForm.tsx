import {
  type ResetPointInput,
  type ResetPointValues,
  resetPointInput,
  resetPointTypes,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { SegmentField } from '../campaigns/SegmentField';
import { TiersField } from '../pickers/PickerFields';

export const emptyResetPoint: ResetPointInput = {
  reset_point_name: '',
  reset_point_type: 'all',
  reset_point_related_ids: [],
  reset_point_segment: null,
};

type ResetPointFormProps = {
  mode: 'create' | 'edit';
  defaultValues: ResetPointInput;
  onSubmit: (values: ResetPointValues) => Promise<unknown>;
};

/**
 * A reset point's name and whom it resets (§5: name and type required): everyone, the tiers picked,
 * or a segment built with the customer list's filter. What the chosen type does not use is emptied,
 * not sent. Saving resets nobody: that happens only when the reset is queued from the list.
 */
export function ResetPointForm({ mode, defaultValues, onSubmit }: ResetPointFormProps) {
  const { t } = useTranslation('loyalty');
  const form = useZodForm(resetPointInput, { defaultValues });
  const type = useWatch({ control: form.control, name: 'reset_point_type' });
  useEffect(() => {
    if (type !== 'tier' && form.getValues('reset_point_related_ids')?.length)
      form.setValue('reset_point_related_ids', []);
    if (type !== 'segment' && form.getValues('reset_point_segment'))
      form.setValue('reset_point_segment', null);
  }, [type, form]);
  const types = resetPointTypes.map((value) => ({ value, label: t(`resetPoints.types.${value}`) }));
  return (
    <Card sx={{ p: 3, maxWidth: 960 }}>
      <Form form={form} labels="loyalty" onSubmit={onSubmit}>
        <Stack spacing={2}>
          <TextField name="reset_point_name" autoFocus={mode === 'create'} />
          <SelectField
            name="reset_point_type"
            options={types}
            hint={`loyalty:resetPoints.typeHints.${type}`}
          />
          {type === 'tier' && (
            <TiersField name="reset_point_related_ids" required hint="loyalty:resetPoints.tiersHint" />
          )}
          {type === 'segment' && (
            <SegmentField name="reset_point_segment" emptyText={t('resetPoints.segmentEmpty')} />
          )}
          <Alert severity="info">{t('resetPoints.saveNote')}</Alert>
        </Stack>
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
