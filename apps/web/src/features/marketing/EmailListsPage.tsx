import {
  type EmailList,
  type EmailListUploadResult,
  emailList,
  emailListUploadResult,
} from '@avlu/contracts';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { acceptPresets, UploadField, useUploadProgress } from '../../components/upload-field';
import { api, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { defineResource } from '../../lib/resource';
import { useMallTimezone } from '../locations/my-locations';
import './texts';

type Refused = EmailListUploadResult['invalid_rows'][number];

const PATH = '/marketing/email-external-lists';

/** External email lists (spec §7): GET (limit, currentPage), POST multipart (list_name, list_file), DELETE …/{id}. */
export const emailLists = defineResource<EmailList, never>({
  name: 'marketing-email-lists',
  path: PATH,
  item: emailList,
  messages: { removed: 'marketing:emailLists.removed' },
});

/** The upload: a name and an xlsx whose column A holds addresses separated by semicolons (spec §5). */
function UploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<EmailListUploadResult>();
  const upload = useUploadProgress();
  const save = emailLists.useAction(
    async () => {
      const body = new FormData();
      body.append('list_name', name.trim());
      body.append('list_file', file!);
      return api
        .upload('POST', PATH, body, { schema: emailListUploadResult, onProgress: upload.onProgress })
        .finally(upload.reset);
    },
    { success: 'marketing:emailLists.uploaded', error: false },
  );
  const submit = () => {
    setProblem(undefined);
    save.mutate(undefined, {
      onSuccess: (answer) => setResult(answer),
      onError: (error) => setProblem(isApiError(error) ? error.message : String(error)),
    });
  };
  const refused: Refused[] = [...(result?.invalid_rows ?? []), ...(result?.duplicate_rows ?? [])];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('emailLists.upload')}</DialogTitle>
      <DialogContent>
        {result ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="success">
              {t('emailLists.result', {
                name: result.list_name,
                addresses: result.list_address_count,
                invalid: result.list_invalid_count,
                duplicates: result.list_duplicate_count,
              })}
            </Alert>
            {refused.length > 0 && (
              <Alert severity="warning">
                {refused
                  .slice(0, 10)
                  .map((row) => t('emailLists.refusedRow', row))
                  .join(' · ')}
              </Alert>
            )}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>{t('emailLists.hint')}</DialogContentText>
            <TextField
              required
              label={t('emailLists.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <UploadField
              value={file}
              onChange={setFile}
              accept={acceptPresets.excel}
              label={t('emailLists.file')}
              progress={upload.percent}
              name="list_file"
            />
            {problem && <Alert severity="error">{problem}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(result ? 'emailLists.close' : 'common:actions.cancel')}</Button>
        {!result && (
          <Button variant="contained" disabled={!name.trim() || !file || save.isPending} onClick={submit}>
            {t('emailLists.uploadAction')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** /marketing/email-external-list: the mall's external email lists, uploaded as xlsx. */
export function EmailListsPage() {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const timezone = useMallTimezone();
  const [uploading, setUploading] = useState(false);
  const columns = useMemo<GridColDef<EmailList>[]>(() => {
    const count = new Intl.NumberFormat(language);
    const numeric = {
      type: 'number',
      align: 'left',
      headerAlign: 'left',
      sortable: false,
      width: 140,
      valueFormatter: (value: number) => count.format(value ?? 0),
    } as const;
    return [
      { field: 'list_name', flex: 1, minWidth: 200 },
      { field: 'list_address_count', ...numeric },
      { field: 'list_invalid_count', ...numeric },
      { field: 'list_duplicate_count', ...numeric },
      { field: 'list_opted_out_count', ...numeric },
      {
        field: 'createdAt',
        width: 160,
        valueFormatter: (value: string) => formatDateTime(value, { timezone }),
      },
    ];
  }, [language, timezone]);
  return (
    <>
      <ResourceListPage<EmailList>
        resource={emailLists}
        columns={columns}
        labels="marketing"
        title={t('emailLists.title')}
        crumbs={[{ label: t('title'), to: '/marketing' }, { label: t('emailLists.title') }]}
        headerActions={
          <Button
            variant="contained"
            startIcon={<UploadFileOutlinedIcon />}
            onClick={() => setUploading(true)}
          >
            {t('emailLists.upload')}
          </Button>
        }
        emptyState={{ text: t('emailLists.empty') }}
        rowActions={{
          remove: { confirm: t('emailLists.deleteTitle'), describe: (row) => row.list_name },
        }}
        rowName={(row) => row.list_name}
      />
      {uploading && <UploadDialog onClose={() => setUploading(false)} />}
    </>
  );
}
