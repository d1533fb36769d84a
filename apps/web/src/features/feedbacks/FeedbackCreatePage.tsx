import { customerGenders } from '@avlu/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { FormUploadField, useUploadProgress } from '../../components/upload-field';
import { isApiError } from '../../lib/api';
import { CheckboxField, Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageUrl } from '../account/upload-image';
import { typeName } from './FeedbacksPage';
import { type FeedbackFormValues, feedbackForm, feedbacks, feedbackTypes } from './feedbacks.resource';
import './texts';

/** /feedbacks/new: staff write down a visitor's feedback, named or anonymous, with an image if any. */
export default function FeedbackCreatePage() {
  const { t } = useTranslation('feedbacks');
  const language = useLanguage();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadProgress();
  const types = feedbackTypes.useList({ pagination: { limit: 1000, currentPage: 1 } });
  const create = feedbacks.useCreate({ error: false });
  const form = useZodForm(feedbackForm, {
    defaultValues: {
      feedback_title: '',
      feedback_anonymous: false,
      feedback_name: '',
      feedback_surname: '',
      feedback_gender: '',
      feedback_email: '',
      feedback_phone_number: '',
      feedback_type: '',
      feedback_text: '',
      feedback_file: null,
    } as never,
  });
  const anonymous = form.watch('feedback_anonymous');
  const options = (types.data?.data ?? [])
    .filter((row) => row.feedback_type_is_active)
    .map((row) => ({ value: row._id, label: typeName(row, language) }));

  const submit = async (values: FeedbackFormValues) => {
    const feedback_file = await imageUrl(values.feedback_file, upload.onProgress).finally(upload.reset);
    try {
      await create.mutateAsync({ ...values, feedback_file });
    } catch (error) {
      // Spec §8: 'Feedback can not create'; the fields it names are shown under them.
      if (!(isApiError(error) && error.fields)) enqueueSnackbar(t('failed'), { variant: 'error' });
      throw error;
    }
    navigate('/feedbacks/list');
  };

  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[
          { label: t('group'), to: '/feedbacks' },
          { label: t('title'), to: '/feedbacks/list' },
          { label: t('new') },
        ]}
      />
      <Card sx={{ maxWidth: 760 }}>
        <CardContent>
          <Form form={form} labels="feedbacks" onSubmit={submit}>
            <Stack spacing={2}>
              <SelectField name="feedback_type" options={options} />
              <TextField name="feedback_title" autoFocus />
              <TextField name="feedback_text" multiline minRows={4} />
              <CheckboxField name="feedback_anonymous" />
              {!anonymous && (
                <>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField name="feedback_name" fullWidth />
                    <TextField name="feedback_surname" fullWidth />
                  </Stack>
                  <SelectField
                    name="feedback_gender"
                    options={customerGenders.map((value) => ({ value, label: t(`genders.${value}`) }))}
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField name="feedback_phone_number" type="tel" fullWidth />
                    <TextField name="feedback_email" type="email" fullWidth />
                  </Stack>
                </>
              )}
              <FormUploadField
                name="feedback_file"
                accept={IMAGE_ACCEPT}
                maxSize={IMAGE_MAX_BYTES}
                progress={upload.percent}
              />
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <SubmitButton />
              </Stack>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
