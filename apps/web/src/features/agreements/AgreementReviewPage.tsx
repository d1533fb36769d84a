import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { agreements, useInUseChange } from './agreements.resource';
import './texts';

/** /agreements/{id}: a text as it was saved (texts are never changed), in use or not. */
export default function AgreementReviewPage() {
  const { t } = useTranslation('agreements');
  const { id } = useParams();
  const agreement = agreements.useOne(isObjectId(id) ? id : undefined);
  const change = useInUseChange();
  const problem = !isObjectId(id) ? t('errors:AGREEMENT_NOT_FOUND') : agreement.error?.message;
  const row = agreement.data;
  return (
    <>
      <PageHeader
        title={t('review')}
        crumbs={[{ label: t('title'), to: '/agreements' }, { label: row?.agreement_title ?? t('review') }]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/agreements">
            {t('backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <Card sx={{ p: 3, maxWidth: 880 }}>
          <Stack spacing={2}>
            <Typography variant="h5" component="h2">
              {row.agreement_title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Chip label={t(`types.${row.agreement_type}`)} />
              <Chip label={t(`targets.${row.agreement_target}`)} />
              <Chip label={`${t('fields.agreement_version')}: ${row.agreement_version}`} variant="outlined" />
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={row.agreement_in_use}
                  disabled={change.isPending}
                  onChange={(_, on) => change.mutate({ id: row._id, agreement_in_use: on })}
                />
              }
              label={row.agreement_in_use ? t('inUse') : t('notInUse')}
            />
            <Typography variant="body2" color="text.secondary">
              {t('inUseHint')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{row.agreement_text}</Typography>
            {(['agreement_text_pdf_tr', 'agreement_text_pdf_en'] as const).map((field) => (
              <Stack key={field} direction="row" spacing={1}>
                <Typography variant="subtitle2">{t(`fields.${field}`)}:</Typography>
                {row[field] ? (
                  <Link href={row[field]!} target="_blank" rel="noopener">
                    {t('openPdf')}
                  </Link>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('noPdf')}
                  </Typography>
                )}
              </Stack>
            ))}
          </Stack>
        </Card>
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
