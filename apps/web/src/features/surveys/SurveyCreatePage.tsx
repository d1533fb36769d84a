import type { Survey } from '@avlu/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { newSurveyValues, SurveyForm } from './SurveyForm';
import { surveys } from './surveys.resource';
import './texts';

/** /surveys/new (spec §2 "new survey"): once saved, the survey's questions come next. */
export default function SurveyCreatePage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const create = surveys.useCreate({ error: false });
  const defaults = useMemo(() => newSurveyValues(), []);
  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[{ label: t('title'), to: '/surveys/list' }, { label: t('new') }]}
      />
      <SurveyForm
        defaultValues={defaults}
        onSubmit={async (values) => {
          const created = (await create.mutateAsync(values)) as Survey;
          navigate(`/surveys/${created._id}/questions`);
        }}
      />
    </>
  );
}
