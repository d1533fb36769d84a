import type { Customer } from '@avlu/contracts';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { formatDate } from '../../lib/i18n/dates';
import { usePermissions } from '../../lib/permissions';
import { ConsentIcons } from './ConsentIcons';
import { displayPhone, fullName } from './customers.resource';
import { PhoneLookup, type PhoneLookupResult } from './PhoneLookup';

function CustomerSummary({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const { canVisit } = usePermissions();
  return (
    <Card sx={{ p: 3 }} aria-label={t('byPhone.found')} component="section">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
          {(customer.customer_name?.charAt(0) ?? '') + (customer.customer_surname?.charAt(0) ?? '') || '?'}
        </Avatar>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="p">
            {fullName(customer) || displayPhone(customer.customer_phone)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[displayPhone(customer.customer_phone), customer.customer_email].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('detail.registeredOn', { date: formatDate(customer.createdAt) })}
          </Typography>
        </Stack>
        <ConsentIcons customer={customer} />
        {canVisit(`/customers/${customer._id}/detail`) && (
          <Button
            component={RouterLink}
            to={`/customers/${customer._id}/detail`}
            variant="contained"
            endIcon={<ArrowForwardIcon />}
          >
            {t('byPhone.openDetail')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** /customers/search-by-phone: one customer by phone (Turkey by default, spaces removed; spec §5, §8). */
export default function SearchByPhonePage() {
  const { t } = useTranslation('customers');
  const { enqueueSnackbar } = useSnackbar();
  const { canVisit } = usePermissions();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const onResult = (result: PhoneLookupResult) => {
    setCustomer(result && 'customer' in result ? result.customer : null);
    setMissing(result && 'missingPhone' in result ? result.missingPhone : null);
    if (result && 'missingPhone' in result)
      enqueueSnackbar(t('byPhone.notRegistered'), { variant: 'warning' });
  };

  return (
    <>
      <PageHeader
        title={t('byPhone.title')}
        crumbs={[{ label: t('title'), to: '/customers' }, { label: t('byPhone.title') }]}
      />
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        <PhoneLookup
          intro={t('byPhone.intro')}
          label="customers:byPhone.phone"
          placeholder={t('byPhone.placeholder')}
          submitLabel={t('byPhone.submit')}
          onResult={onResult}
        />
        {customer && <CustomerSummary customer={customer} />}
        {missing && (
          <Alert
            severity="warning"
            action={
              canVisit('/registration/customer') && (
                <Button
                  component={RouterLink}
                  to="/registration/customer"
                  color="inherit"
                  size="small"
                  startIcon={<PersonAddAltOutlinedIcon />}
                >
                  {t('byPhone.goRegister')}
                </Button>
              )
            }
          >
            <AlertTitle>{t('byPhone.notRegistered')}</AlertTitle>
            {t('byPhone.notRegisteredDetail', { phone: displayPhone(missing) })}
          </Alert>
        )}
      </Stack>
    </>
  );
}
