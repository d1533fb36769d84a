import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { CustomerFields, payloadOf, useCustomerForm, valuesOf } from '../components/CustomerForm';
import { MicroSiteError, messageOf } from '../lib/api';
import { useT } from '../lib/i18n';
import { useNotify } from '../lib/notify';
import { Link, navigate } from '../lib/router';
import { useSession } from '../lib/session';

/** The customer changes their profile and consents (POST /ext/app/customers/profile). */
export default function ProfileUpdatePage() {
  const { t } = useT();
  const notify = useNotify();
  const { base, customer, updateProfile } = useSession();
  const form = useCustomerForm(valuesOf(customer));
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.revalidate();
    if (!form.valid) return;
    setBusy(true);
    try {
      await updateProfile(payloadOf(form.values));
      notify(t('update.saved'), 'success');
      navigate(`${base}/profile`);
    } catch (error) {
      notify(messageOf(error), 'error');
      if (error instanceof MicroSiteError) form.setServerErrors(error.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2.5 }}>
      <Typography variant="h4" component="h1">
        {t('update.title')}
      </Typography>
      <CustomerFields form={form} />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Button type="submit" variant="contained" size="large" disabled={busy || !form.changed}>
          {busy ? (
            <CircularProgress size={22} color="inherit" aria-label={t('loading')} />
          ) : (
            t('update.submit')
          )}
        </Button>
        <Button component={Link} href={`${base}/profile`} size="large" color="inherit">
          {t('update.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
