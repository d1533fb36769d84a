import { optInConfirmInput, optInConfirmResult } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { AuthHeading } from '../auth/AuthHeading';
import './texts';

const codeForm = optInConfirmInput.pick({ notificationCode: true });

/**
 * /ext/customers/notification/validation?notificationToken=… (issue 16 #9): the page of the link a
 * customer got to confirm the SMS or email consent they asked for; they type the code that came
 * with it (`POST /ext/customers/notification/confirm`).
 */
export default function NotificationValidationPage() {
  const { t } = useTranslation('notification-validation');
  const [params] = useSearchParams();
  const token = params.get('notificationToken') ?? '';
  const [done, setDone] = useState<{ channel: string; location_name: string } | null>(null);
  const form = useZodForm(codeForm, { defaultValues: { notificationCode: '' } });
  return (
    <Stack spacing={3} sx={{ maxWidth: 420, mx: 'auto', my: 8, px: 2 }}>
      <AuthHeading title={t('title')} subtitle={done ? undefined : t('subtitle')} />
      {!token ? (
        <Alert severity="error">{t('noToken')}</Alert>
      ) : done ? (
        <Alert severity="success">{t(`done.${done.channel}`, { mall: done.location_name })}</Alert>
      ) : (
        <Form
          form={form}
          labels="notification-validation"
          warnOnLeave={false}
          onSubmit={async ({ notificationCode }) => {
            setDone(
              await api.post(
                '/ext/customers/notification/confirm',
                { notificationToken: token, notificationCode },
                { schema: optInConfirmResult },
              ),
            );
          }}
        >
          <TextField name="notificationCode" autoFocus autoComplete="one-time-code" inputMode="numeric" />
          <SubmitButton size="large" fullWidth>
            {t('submit')}
          </SubmitButton>
        </Form>
      )}
    </Stack>
  );
}
