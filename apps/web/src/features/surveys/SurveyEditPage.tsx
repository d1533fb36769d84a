import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { SurveyForm } from './SurveyForm';
import { surveys } from './surveys.resource';
import './texts';

/** /surveys/{surveyId}/edit: the title, description and moments; an answered survey is closed by its end. */
export default function SurveyEditPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { surveyId } = useParams();
  const survey = surveys.useOne(isObjectId(surveyId) ? surveyId : undefined);
  const update = surveys.useUpdate({ error: false });
  const problem = !isObjectId(surveyId) ? t('errors:NOT_FOUND') : survey.error?.message;
  const row = survey.data;
  return (
    <>
      <PageHeader
        title={t('edit')}
        crumbs={[{ label: t('title'), to: '/surveys/list' }, { label: row?.survey_title ?? t('edit') }]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/surveys/list">
            {t('backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <SurveyForm
          key={row._id}
          defaultValues={{
            survey_title: row.survey_title,
            survey_description: row.survey_description,
            survey_start_at: row.survey_start_at,
            survey_end_at: row.survey_end_at,
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate('/surveys/list');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
