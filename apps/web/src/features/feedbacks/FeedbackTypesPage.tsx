import { type FeedbackType, feedbackTypeInput } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { Form, SubmitButton, SwitchField, TextField, useZodForm } from '../../lib/form';
import { feedbackTypes, patchType } from './feedbacks.resource';
import './texts';

function TypeDialog({ type, onClose }: { type: FeedbackType | null; onClose: () => void }) {
  const { t } = useTranslation('feedbacks');
  const form = useZodForm(feedbackTypeInput, {
    defaultValues: {
      feedback_type_name: type?.feedback_type_name ?? '',
      feedback_type_name_en: type?.feedback_type_name_en ?? '',
      feedback_type_is_active: type?.feedback_type_is_active ?? true,
    },
  });
  const create = feedbackTypes.useCreate({ error: false });
  const patch = feedbackTypes.useAction(patchType, { success: 'feedbacks:types.updated', error: false });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-type-title">
      <Form
        form={form}
        labels="feedbacks"
        warnOnLeave={false}
        onSubmit={async (values) => {
          if (type) await patch.mutateAsync({ id: type._id, ...values });
          else await create.mutateAsync(values);
          onClose();
        }}
      >
        <DialogTitle id="feedback-type-title">{type ? t('types.edit') : t('types.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField name="feedback_type_name" autoFocus />
            <TextField name="feedback_type_name_en" />
            <SwitchField name="feedback_type_is_active" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('detail.cancel')}</Button>
          <SubmitButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** /feedbacks/types: the mall's feedback types; a closed type is no longer offered for new feedback. */
export default function FeedbackTypesPage() {
  const { t } = useTranslation('feedbacks');
  const [editing, setEditing] = useState<FeedbackType | null | undefined>(undefined);
  const columns = useMemo<GridColDef<FeedbackType>[]>(
    () => [
      { field: 'feedback_type_name', flex: 1, minWidth: 200, sortable: false },
      { field: 'feedback_type_name_en', flex: 1, minWidth: 200, sortable: false },
      {
        field: 'feedback_type_is_active',
        headerName: t('fields.feedback_status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.feedback_type_is_active ? 'success' : 'default'}
            label={row.feedback_type_is_active ? t('types.active') : t('types.inactive')}
          />
        ),
      },
      {
        field: 'feedback_type_count',
        headerName: t('types.count'),
        width: 130,
        type: 'number',
        sortable: false,
      },
    ],
    [t],
  );
  return (
    <>
      <ResourceListPage<FeedbackType>
        resource={feedbackTypes}
        columns={columns}
        labels="feedbacks"
        title={t('types.title')}
        crumbs={[{ label: t('group'), to: '/feedbacks' }, { label: t('types.title') }]}
        searchable={false}
        headerActions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {t('types.create')}
          </Button>
        }
        emptyState={{ text: t('types.empty') }}
        rowHref={() => undefined}
        rowName={(row) => row.feedback_type_name}
        rowActions={{
          extra: (row) => (
            <Tooltip title={t('types.edit')}>
              <IconButton
                aria-label={`${t('types.edit')}: ${row.feedback_type_name}`}
                onClick={() => setEditing(row)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        }}
      />
      {editing !== undefined && <TypeDialog type={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
