import { isObjectId, type SurveyQuestion } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useExport } from '../../lib/excel/use-export';
import { formatDateTime } from '../../lib/i18n/dates';
import { useMallTimezone } from '../locations/my-locations';
import { QuestionDialog } from './QuestionDialog';
import { QuestionList } from './QuestionList';
import { SurveyStateChip } from './SurveyStateChip';
import { exportSurvey, surveys, useQuestionCalls, useSurveyQuestions } from './surveys.resource';
import './texts';

// The charts load with the results tab only.
const SurveyResults = lazy(() => import('./SurveyResults'));

type PageTab = 'questions' | 'results';
type Editing = { question?: SurveyQuestion } | null;

/**
 * /surveys/{surveyId}/questions (spec §2): the survey's questions in their order, added, changed,
 * moved and deleted here, and what the customers answered as charts (the results tab). Once the
 * survey has answers, what the server would refuse (adding, deleting, changing a type or choices)
 * is locked and the page says why.
 */
export default function SurveyQuestionsPage() {
  const { t } = useTranslation('surveys');
  const { surveyId: param } = useParams();
  const surveyId = isObjectId(param) ? param : undefined;
  const [params, setParams] = useSearchParams();
  const tab: PageTab = params.get('tab') === 'results' ? 'results' : 'questions';
  const tabsId = useId();
  const timezone = useMallTimezone();
  const survey = surveys.useOne(surveyId);
  const questions = useSurveyQuestions(surveyId);
  const calls = useQuestionCalls(surveyId ?? '');
  const confirm = useConfirm();
  const exporting = useExport();
  const [editing, setEditing] = useState<Editing>(null);

  const row = survey.data;
  const list = questions.data ?? [];
  const answered = (row?.survey_answer_count ?? 0) > 0;
  const problem = !surveyId ? t('errors:NOT_FOUND') : (survey.error ?? questions.error)?.message;

  const remove = async (question: SurveyQuestion) => {
    const yes = await confirm({
      title: t('questions.deleteTitle'),
      content: t('questions.deleteText', { text: question.survey_question_text }),
      destructive: true,
    });
    if (yes) await calls.remove.mutateAsync(question._id).catch(() => undefined);
  };

  return (
    <>
      <PageHeader
        title={row?.survey_title ?? t('questions.title')}
        crumbs={[
          { label: t('title'), to: '/surveys/list' },
          { label: row?.survey_title ?? t('questions.title') },
        ]}
        action={
          row && (
            <>
              <Button
                component={RouterLink}
                to={`/surveys/${row._id}/edit`}
                variant="outlined"
                startIcon={<EditOutlinedIcon />}
              >
                {t('actions.edit')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlinedIcon />}
                loading={exporting.busy}
                loadingPosition="start"
                onClick={() =>
                  void exporting.run({
                    download: (onProgress) => exportSurvey(row._id, onProgress),
                    done: t('exported', { name: row.survey_title }),
                  })
                }
              >
                {exporting.progress ?? t('actions.export')}
              </Button>
            </>
          )
        }
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/surveys/list">
            {t('backToList')}
          </Button>
        </Stack>
      ) : !row || !questions.data ? (
        <LoadingScreen fullPage={false} />
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <SurveyStateChip row={row} />
            <Typography variant="body2" color="text.secondary">
              {t('period', {
                start: formatDateTime(row.survey_start_at, { timezone }),
                end: formatDateTime(row.survey_end_at, { timezone }),
              })}
              {' · '}
              {t('questions.answers', { count: row.survey_answer_count })}
            </Typography>
          </Stack>
          {row.survey_description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {row.survey_description}
            </Typography>
          )}
          {answered && (
            <Alert severity="warning">{t('questions.answered', { count: row.survey_answer_count })}</Alert>
          )}
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={tab}
              onChange={(_, next: PageTab) =>
                setParams(next === 'results' ? { tab: next } : {}, { replace: true })
              }
            >
              <Tab
                value="questions"
                id={`${tabsId}-questions`}
                aria-controls={`${tabsId}-panel`}
                label={t('questions.tab', { count: list.length })}
              />
              <Tab
                value="results"
                id={`${tabsId}-results`}
                aria-controls={`${tabsId}-panel`}
                label={t('results.tab')}
              />
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
            {tab === 'questions' ? (
              <Stack spacing={2}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
                >
                  <Typography variant="body2" color="text.secondary">
                    {list.length > 1 ? t('questions.orderHint') : ''}
                  </Typography>
                  <Button
                    variant="contained"
                    startIcon={<AddIcon />}
                    disabled={answered}
                    onClick={() => setEditing({})}
                  >
                    {t('questions.add')}
                  </Button>
                </Stack>
                {list.length === 0 ? (
                  <Card variant="outlined" sx={{ p: 3 }}>
                    <Typography color="text.secondary">{t('questions.empty')}</Typography>
                  </Card>
                ) : (
                  <QuestionList
                    questions={list}
                    answered={answered}
                    moving={calls.move.isPending}
                    onMove={(question, order) => calls.move.mutate({ question, order })}
                    onEdit={(question) => setEditing({ question })}
                    onRemove={(question) => void remove(question)}
                  />
                )}
              </Stack>
            ) : (
              <Suspense fallback={<LoadingScreen fullPage={false} />}>
                {row.survey_answer_count === 0 ? (
                  <Card variant="outlined" sx={{ p: 3 }}>
                    <Typography color="text.secondary">{t('results.none')}</Typography>
                  </Card>
                ) : (
                  <SurveyResults questions={list} />
                )}
              </Suspense>
            )}
          </Box>
        </Stack>
      )}
      {editing && row && (
        <QuestionDialog
          question={editing.question}
          answered={answered}
          onClose={() => setEditing(null)}
          onSubmit={(values) =>
            editing.question
              ? calls.update.mutateAsync({
                  id: editing.question._id,
                  body: values,
                })
              : calls.create.mutateAsync(values)
          }
        />
      )}
    </>
  );
}
