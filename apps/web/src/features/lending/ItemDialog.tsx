import { type LendingItem, lendingItemStatuses } from '@avlu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormUploadField } from '../../components/upload-field';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '../account/upload-image';
import { type LendingItemFormValues, lendingItemForm, lendingItems, saveItem } from './lending.resource';
import './texts';

type ItemDialogProps = { item: LendingItem | null; onClose: () => void };

/** A new lendable item (item null) or a change to one: number, name, status and image (multipart). */
export function ItemDialog({ item, onClose }: ItemDialogProps) {
  const { t } = useTranslation('lending');
  const form = useZodForm(lendingItemForm, {
    defaultValues: {
      itemNo: item?.itemNo ?? '',
      itemName: item?.itemName ?? '',
      status: item?.status ?? 'active',
      itemImage: item?.itemImage ?? null,
    },
  });
  const save = lendingItems.useAction((values: LendingItemFormValues) => saveItem(item?._id, values), {
    success: 'lending:items.saved',
    error: false,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="lending-item-title">
      <Form
        form={form}
        labels="lending"
        warnOnLeave={false}
        onSubmit={async (values) => {
          await save.mutateAsync(values);
          onClose();
        }}
      >
        <DialogTitle id="lending-item-title">{item ? t('items.edit') : t('items.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField name="itemNo" autoFocus />
            <TextField name="itemName" />
            <SelectField
              name="status"
              options={lendingItemStatuses.map((value) => ({ value, label: t(`itemStatuses.${value}`) }))}
            />
            <FormUploadField name="itemImage" accept={IMAGE_ACCEPT} maxSize={IMAGE_MAX_BYTES} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <SubmitButton>{t('save')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
