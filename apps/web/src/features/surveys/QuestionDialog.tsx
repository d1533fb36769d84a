import {
  type SurveyQuestion,
  type SurveyQuestionInput,
  surveyQuestionInput,
  surveyQuestionTypeLabels,
  surveyQuestionTypes,
  surveyTypesWithChoices,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChoicesField } from './ChoicesField';

type QuestionDialogProps = {
  /** The question to change; none for a new one. */
  question?: SurveyQuestion;
  /** Customers answered the survey: only the text may change. */
  answered: boolean;
  onSubmit: (values: SurveyQuestionInput) => Promise<unknown>;
  onClose: () => void;
};

const hasChoices = (type: unknown) => surveyTypesWithChoices.some((each) => each === type);

/** Free text and star rating take no choices; a choice type starts with two empty ones. */
const ChoicesFollowType = () => {
  const { setValue, getValues } = useFormContext<SurveyQuestionInput>();
  const type = useWatch<SurveyQuestionInput, 'survey_question_type'>({ name: 'survey_question_type' });
  const previous = useRef(type);
  useEffect(() => {
    if (previous.current === type) return;
    previous.current = type;
    const count = getValues('survey_question_choices')?.length ?? 0;
    const next = hasChoices(type) ? (count === 0 ? ['', ''] : undefined) : count > 0 ? [] : undefined;
    if (next) setValue('survey_question_choices', next, { shouldDirty: true });
  }, [type, setValue, getValues]);
  return null;
};

/**
 * A question's text, type and choices, in a dialog over the questions page, under contracts'
 * `surveyQuestionInput`. Once customers answered the survey the type and choices are locked (the
 * server would refuse them, 409 SURVEY_ANSWERED); its refusal shows above the fields.
 */
export function QuestionDialog({ question, answered, onSubmit, onClose }: QuestionDialogProps) {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const titleId = useId();
  const form = useZodForm(surveyQuestionInput, {
    defaultValues: question
      ? {
          survey_question_text: question.survey_question_text,
          survey_question_type: question.survey_question_type,
          survey_question_choices: question.survey_question_choices,
        }
      : { survey_question_text: '', survey_question_type: 'single', survey_question_choices: ['', ''] },
  });
  const type = useWatch({ control: form.control, name: 'survey_question_type' });
  const types = surveyQuestionTypes.map((value) => ({
    value,
    label: surveyQuestionTypeLabels[language][value],
  }));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t(question ? 'questions.editTitle' : 'questions.newTitle')}</DialogTitle>
      <DialogContent>
        <Form
          form={form}
          labels="surveys"
          warnOnLeave={false}
          onSubmit={async (values) => {
            await onSubmit(values);
            onClose();
          }}
        >
          {answered && <Alert severity="info">{t('questions.answeredDialog')}</Alert>}
          <ChoicesFollowType />
          <TextField
            name="survey_question_text"
            autoFocus
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <SelectField name="survey_question_type" options={types} disabled={answered} />
          {hasChoices(type) && <ChoicesField disabled={answered} />}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <SubmitButton />
          </Stack>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
