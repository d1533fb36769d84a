import { type AdminProfile, adminProfile, genders, profileUpdate } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormUploadField, useUploadProgress } from '../../components/upload-field';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { DateField, Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageUrl, imageValue } from './upload-image';
import './texts';

/** PUT /core/admin/profile, with the photo as a chosen file until it is uploaded on save. */
const profileForm = profileUpdate.extend({ admin_profile_photo: imageValue.optional() });
type ProfileFormValues = z.output<typeof profileForm>;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The admin's own details (spec §3 Admin user); email is shown, not changed. */
export function ProfileForm({ admin }: { admin: AdminProfile }) {
  const { t } = useTranslation('account');
  const { refreshProfile } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadProgress();
  const form = useZodForm(profileForm, {
    defaultValues: {
      admin_name: admin.admin_name,
      admin_surname: admin.admin_surname,
      admin_gender: admin.admin_gender,
      admin_phone_number: admin.admin_phone_number ?? '',
      admin_birthday: admin.admin_birthday,
      admin_address: admin.admin_address ?? '',
      admin_profile_photo: admin.admin_profile_photo,
    },
  });

  const submit = async ({ admin_profile_photo, ...values }: ProfileFormValues) => {
    const photo = await imageUrl(admin_profile_photo, upload.onProgress).finally(upload.reset);
    await api.put(
      '/core/admin/profile',
      {
        ...values,
        admin_phone_number: blankToNull(values.admin_phone_number),
        admin_address: blankToNull(values.admin_address),
        admin_profile_photo: photo,
      },
      { schema: adminProfile },
    );
    enqueueSnackbar(t('profileUpdated'), { variant: 'success' });
    form.reset({ ...form.getValues(), admin_profile_photo: photo });
    await refreshProfile();
  };

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
        {t('profile.title')}
      </Typography>
      <Form form={form} labels="account" onSubmit={submit}>
        <FormUploadField
          name="admin_profile_photo"
          accept={IMAGE_ACCEPT}
          maxSize={IMAGE_MAX_BYTES}
          progress={upload.percent}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField name="admin_name" autoComplete="given-name" />
          <TextField name="admin_surname" autoComplete="family-name" />
        </Stack>
        <MuiTextField
          label={t('fields.admin_email')}
          value={admin.admin_email}
          slotProps={{ input: { readOnly: true } }}
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectField
            name="admin_gender"
            options={genders.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
          />
          <DateField name="admin_birthday" disableFuture />
        </Stack>
        <TextField name="admin_phone_number" type="tel" autoComplete="tel" />
        <TextField name="admin_address" multiline minRows={2} autoComplete="street-address" />
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
