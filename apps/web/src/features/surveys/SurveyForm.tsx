import { type SurveyInput, type SurveyValues, surveyInput } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { DateTimeField, Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { useMallTimezone } from '../locations/my-locations';

type SurveyFormProps = {
  defaultValues: SurveyInput;
  onSubmit: (values: SurveyValues) => Promise<unknown>;
};

const HOUR = 3_600_000;

/** A new survey's moments: from the next full hour for 30 days. */
export const newSurveyValues = (now = Date.now()): SurveyInput => {
  const start = Math.ceil(now / HOUR) * HOUR;
  return {
    survey_title: '',
    survey_description: '',
    survey_start_at: new Date(start).toISOString(),
    survey_end_at: new Date(start + 30 * 24 * HOUR).toISOString(),
  };
};

/**
 * A survey's title, description and the moments it takes answers (typed on the mall's clock), for
 * /surveys/new and /surveys/{id}/edit, under contracts' `surveyInput` (the server's own rules).
 */
export function SurveyForm({ defaultValues, onSubmit }: SurveyFormProps) {
  const timezone = useMallTimezone();
  const form = useZodForm(surveyInput, { defaultValues });
  return (
    <Card sx={{ p: 3, maxWidth: 820 }}>
      <Form form={form} labels="surveys" onSubmit={(values) => onSubmit(values)}>
        <TextField name="survey_title" autoFocus required hint="surveys:titleHint" />
        <TextField name="survey_description" multiline minRows={3} required hint="surveys:descriptionHint" />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <DateTimeField name="survey_start_at" timezone={timezone} required />
          <DateTimeField name="survey_end_at" timezone={timezone} required hint="surveys:endHint" />
        </Box>
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
