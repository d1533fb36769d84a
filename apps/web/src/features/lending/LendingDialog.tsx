import { lendingInput } from '@avlu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { allItemsQuery, lendingItems, lendings } from './lending.resource';
import './texts';

/** Puts a customer (by phone) in the queue of an item in service: POST /lending. */
export function LendingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('lending');
  const items = lendingItems.useList(allItemsQuery);
  const form = useZodForm(lendingInput, { defaultValues: { lending_item_id: '', customer_phone: '' } });
  const create = lendings.useCreate({ error: false });
  const options = (items.data?.data ?? [])
    .filter((item) => item.status === 'active')
    .map((item) => ({ value: item._id, label: `${item.itemNo} · ${item.itemName}` }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="lending-new-title">
      <Form
        form={form}
        labels="lending"
        warnOnLeave={false}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          onClose();
        }}
      >
        <DialogTitle id="lending-new-title">{t('newLending')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <SelectField name="lending_item_id" options={options} />
            <TextField name="customer_phone" type="tel" autoComplete="off" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <SubmitButton>{t('newLending')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
