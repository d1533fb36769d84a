import type {
  CustomerCoupon,
  MicroSiteCampaign,
  MicroSiteSurvey,
  MicroSiteSurveyQuestion,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { CodeGiven, MyCouponsButton } from '../campaigns/CodeGiven';
import { useMicroSiteGet } from '../campaigns/data';
import { formatDateTime } from '../campaigns/dates';
import { LoadFailed } from '../campaigns/PageStates';
import { usePlayT } from '../campaigns/play-texts';
import { MicroSiteError, messageOf } from '../lib/api';
import { useSession } from '../lib/session';

/** What the customer has given for one question so far. */
type Answer = { choices: string[]; stars: number | null; text: string };
const blank: Answer = { choices: [], stars: null, text: '' };

/** Every question must be answered but free text. */
const isAnswered = (question: MicroSiteSurveyQuestion, answer: Answer) =>
  question.survey_question_type === 'free_text' ||
  (question.survey_question_type === 'star_rating' ? answer.stars !== null : answer.choices.length > 0);

/** The body of `POST …/survey`: an item per question answered, a blank free text left out. */
type AnswerItem = {
  survey_question_id: string;
  survey_answer_choices?: string[];
  survey_answer_stars?: number;
  survey_answer_text?: string;
};
const toBody = (questions: MicroSiteSurveyQuestion[], answers: Record<string, Answer>) => ({
  survey_answers: questions.flatMap((question): AnswerItem[] => {
    const answer = answers[question._id] ?? blank;
    const id = { survey_question_id: question._id };
    switch (question.survey_question_type) {
      case 'free_text':
        return answer.text.trim() ? [{ ...id, survey_answer_text: answer.text.trim() }] : [];
      case 'star_rating':
        return answer.stars === null ? [] : [{ ...id, survey_answer_stars: answer.stars }];
      default:
        return answer.choices.length ? [{ ...id, survey_answer_choices: answer.choices }] : [];
    }
  }),
});

/**
 * A star rating as five radio buttons named '1 yıldız' … '5 yıldız' (arrow keys move between them,
 * as in any radio group), drawn as stars: filled up to the one chosen.
 */
function Stars({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number | null;
  onChange: (stars: number) => void;
}) {
  const { t } = usePlayT();
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {[1, 2, 3, 4, 5].map((stars) => (
        <Box
          component="label"
          key={stars}
          sx={{
            position: 'relative',
            cursor: 'pointer',
            fontSize: '2.25rem',
            lineHeight: 1,
            px: 0.25,
            borderRadius: 1,
            color: value !== null && stars <= value ? 'warning.dark' : 'grey.600',
            '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          <input
            type="radio"
            name={name}
            value={stars}
            checked={value === stars}
            onChange={() => onChange(stars)}
            style={visuallyHidden}
          />
          <span aria-hidden="true">{value !== null && stars <= value ? '★' : '☆'}</span>
          <Box component="span" sx={visuallyHidden}>
            {t('survey.stars', { count: stars })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Question({
  question,
  index,
  count,
  answer,
  error,
  onChange,
}: {
  question: MicroSiteSurveyQuestion;
  index: number;
  count: number;
  answer: Answer;
  error: string | undefined;
  onChange: (answer: Answer) => void;
}) {
  const { t } = usePlayT();
  const type = question.survey_question_type;
  const id = `survey-q-${question._id}`;
  const hint =
    type === 'single'
      ? t('survey.chooseOne')
      : type === 'multi'
        ? t('survey.chooseAny')
        : type === 'star_rating'
          ? t('survey.rate')
          : t('survey.optional');
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ''}`;
  return (
    <Paper
      component="fieldset"
      variant="outlined"
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      sx={{
        m: 0,
        p: 2,
        borderRadius: 3,
        display: 'grid',
        gap: 1,
        borderColor: error ? 'error.main' : undefined,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Box component="legend" sx={{ p: 0, float: 'left', width: '100%', display: 'grid', gap: 0.25 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {t('survey.questionOf', { index: index + 1, count })}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {question.survey_question_text}
          {type !== 'free_text' && (
            <Box component="span" sx={{ color: 'error.main' }} aria-hidden="true">
              {' *'}
            </Box>
          )}
        </Typography>
      </Box>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary" sx={{ clear: 'both' }}>
        {type === 'free_text' ? hint : `${hint} (${t('survey.required')})`}
      </Typography>
      {type === 'single' && (
        <Box sx={{ display: 'grid' }}>
          {question.survey_question_choices.map((choice) => (
            <FormControlLabel
              key={choice}
              label={choice}
              control={
                <Radio
                  name={id}
                  value={choice}
                  checked={answer.choices[0] === choice}
                  onChange={() => onChange({ ...answer, choices: [choice] })}
                />
              }
            />
          ))}
        </Box>
      )}
      {type === 'multi' && (
        <Box sx={{ display: 'grid' }}>
          {question.survey_question_choices.map((choice) => (
            <FormControlLabel
              key={choice}
              label={choice}
              control={
                <Checkbox
                  name={id}
                  value={choice}
                  checked={answer.choices.includes(choice)}
                  onChange={(event) =>
                    onChange({
                      ...answer,
                      // Kept in the question's order, whatever order they were ticked in.
                      choices: question.survey_question_choices.filter((each) =>
                        each === choice ? event.target.checked : answer.choices.includes(each),
                      ),
                    })
                  }
                />
              }
            />
          ))}
        </Box>
      )}
      {type === 'star_rating' && (
        <Stars name={id} value={answer.stars} onChange={(stars) => onChange({ ...answer, stars })} />
      )}
      {type === 'free_text' && (
        <OutlinedInput
          multiline
          minRows={3}
          value={answer.text}
          inputProps={{
            maxLength: 1000,
            'aria-label': `${question.survey_question_text} — ${t('survey.yourAnswer')}`,
          }}
          onChange={(event) => onChange({ ...answer, text: event.target.value })}
        />
      )}
      {error && (
        <FormHelperText id={`${id}-error`} error sx={{ m: 0 }}>
          {error}
        </FormHelperText>
      )}
    </Paper>
  );
}

/**
 * A survey campaign's survey on its page (issue 15 #3, #7): the questions as a form (single choice:
 * radio buttons, multiple choice: check boxes, star rating: five stars, free text: a text box), each
 * required but free text; sending it records the answers and shows the code the campaign gave.
 * Loaded lazily, with its texts, only on a survey campaign's page.
 */
export default function SurveySection({
  campaign,
  timeZone,
  onAnswered,
}: {
  campaign: MicroSiteCampaign;
  timeZone: string;
  onAnswered: () => void;
}) {
  const { t } = usePlayT();
  const { api } = useSession();
  const path = `/ext/app/customers/campaigns/${campaign._id}/survey`;
  const survey = useMicroSiteGet<MicroSiteSurvey>(path);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [coupon, setCoupon] = useState<CustomerCoupon | null>(null);
  const form = useRef<HTMLFormElement>(null);

  if (survey.loading) return <Typography color="text.secondary">…</Typography>;
  if (survey.error !== null || !survey.data)
    return <LoadFailed title={t('survey.loadError')} message={survey.error ?? ''} onRetry={survey.reload} />;

  if (coupon)
    return (
      <CodeGiven coupon={coupon} timeZone={timeZone} title={t('survey.done')} text={t('survey.doneText')} />
    );

  const { survey_questions: questions } = survey.data;
  if (survey.data.survey_answered)
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Alert severity="success" role="note">
          {t('survey.answered')} {t('survey.answeredText')}
        </Alert>
        <MyCouponsButton />
      </Box>
    );

  const change = (id: string, answer: Answer) => {
    setAnswers((current) => ({ ...current, [id]: answer }));
    setErrors(({ [id]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const missing = Object.fromEntries(
      questions
        .filter((question) => !isAnswered(question, answers[question._id] ?? blank))
        .map((question) => [question._id, t('survey.answerRequired')]),
    );
    setErrors(missing);
    const first = questions.find((question) => missing[question._id]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`#survey-q-${first._id}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      setCoupon(await api.post<CustomerCoupon>(path, toBody(questions, answers)));
      onAnswered();
    } catch (error) {
      if (error instanceof MicroSiteError && error.code === 'CAMPAIGN_SURVEY_ANSWERED')
        survey.update((data) => ({ ...data, survey_answered: true }));
      setRefusal(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const missingCount = Object.keys(errors).length;
  return (
    <Box
      component="form"
      ref={form}
      noValidate
      onSubmit={submit}
      aria-labelledby="survey-title"
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography id="survey-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {survey.data.survey_title}
        </Typography>
        {survey.data.survey_description && (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {survey.data.survey_description}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('survey.text')}{' '}
          {t('survey.untilDate', { date: formatDateTime(survey.data.survey_end_at, timeZone) })}
        </Typography>
      </Box>
      {questions.map((question, index) => (
        <Question
          key={question._id}
          question={question}
          index={index}
          count={questions.length}
          answer={answers[question._id] ?? blank}
          error={errors[question._id]}
          onChange={(answer) => change(question._id, answer)}
        />
      ))}
      {missingCount > 0 && (
        <Alert severity="error" role="alert">
          {t('survey.fixErrors')}
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('survey.submitting') : t('survey.submit')}
      </Button>
    </Box>
  );
}
