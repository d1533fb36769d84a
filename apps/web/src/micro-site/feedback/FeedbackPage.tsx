import type { MicroSiteLocation } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useMicroSiteGet } from '../campaigns/data';
import { PageHeading, pageWaitingFor } from '../campaigns/PageStates';
import { Field } from '../components/Field';
import { SelectField } from '../components/SelectField';
import { MicroSiteError, messageOf } from '../lib/api';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { FEEDBACK_PATH, FEEDBACK_TYPES_PATH, useFeedbackT } from './texts';

type FeedbackTypeOption = { _id: string; feedback_type_name: string; feedback_type_name_en: string };
/** The fields on screen: a server's error naming one shows under it (the anonymous choice included). */
const FIELDS = ['feedback_type', 'feedback_title', 'feedback_text', 'feedback_anonymous'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/**
 * "Görüşünüzü bildirin": the signed-in customer writes to the mall, by type, named (their name and
 * contact go with it, so the mall can answer) or anonymous (POST /ext/app/feedback).
 */
export default function FeedbackPage({ location: _ }: { location: MicroSiteLocation | null }) {
  const { t, language } = useFeedbackT();
  const { base, api } = useSession();
  const types = useMicroSiteGet<FeedbackTypeOption[]>(FEEDBACK_TYPES_PATH);
  const [type, setType] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!type) missing.feedback_type = t('required');
    if (!title.trim()) missing.feedback_title = t('required');
    if (!text.trim()) missing.feedback_text = t('required');
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    setSending(true);
    try {
      await api.post(FEEDBACK_PATH, {
        feedback_type: type,
        feedback_title: title.trim(),
        feedback_text: text.trim(),
        feedback_anonymous: anonymous,
      });
      setSent(true);
    } catch (error) {
      const fields: Record<string, string> =
        (error instanceof MicroSiteError ? error.fields : undefined) ?? {};
      const onScreen = Object.fromEntries(
        Object.entries(fields).filter(([name]) => (FIELDS as readonly string[]).includes(name)),
      ) as Errors;
      setErrors(onScreen);
      // Spec §8: 'Feedback can not create' when nothing more precise is said; the server's message
      // when it names a field that has no place on the form.
      const named = Object.keys(fields).length;
      const shown = Object.keys(onScreen).length;
      setFailure(named === 0 ? t('failed') : shown < named ? messageOf(error) : null);
    } finally {
      setSending(false);
    }
  };

  const header = <PageHeading title={t('title')} text={t('text')} />;
  const waiting = pageWaitingFor(types, header, t('loadError'));
  if (waiting) return waiting;
  if (sent)
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {header}
        <Alert severity="success" role="status">
          {anonymous ? t('thanksAnonymous') : t('thanks')}
        </Alert>
        <Button component={Link} href={base || '/'} variant="contained" size="large">
          {t('home')}
        </Button>
      </Box>
    );
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      {header}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <SelectField
        label={t('type')}
        name="feedback_type"
        value={type}
        placeholder={t('pickType')}
        options={(types.data ?? []).map((option) => ({
          value: option._id,
          label: language === 'en' ? option.feedback_type_name_en : option.feedback_type_name,
        }))}
        onChange={setType}
        error={errors.feedback_type}
      />
      <Field
        label={t('subject')}
        name="feedback_title"
        value={title}
        onChange={setTitle}
        error={errors.feedback_title}
      />
      <Field
        label={t('message')}
        name="feedback_text"
        value={text}
        onChange={setText}
        multiline
        error={errors.feedback_text}
      />
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              name="feedback_anonymous"
              checked={anonymous}
              onChange={(event) => {
                setAnonymous(event.target.checked);
                setErrors(({ feedback_anonymous: _, ...rest }) => rest);
              }}
              slotProps={{
                input: (errors.feedback_anonymous
                  ? { 'aria-invalid': true, 'aria-describedby': 'feedback-anonymous-error' }
                  : {}) as object,
              }}
            />
          }
          label={t('anonymous')}
        />
        {errors.feedback_anonymous && (
          <FormHelperText id="feedback-anonymous-error" error sx={{ mx: 0 }}>
            {errors.feedback_anonymous}
          </FormHelperText>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {anonymous ? t('anonymousHint') : t('namedHint')}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={sending}>
        {t('submit')}
      </Button>
      <Button component={Link} href={base || '/'}>
        {t('home')}
      </Button>
    </Box>
  );
}
