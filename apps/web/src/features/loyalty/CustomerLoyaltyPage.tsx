import {
  burnPointsInput,
  type Customer,
  type LoyaltyCustomer,
  type LoyaltyGift,
  newIdempotencyKey,
} from '@avlu/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header/PageHeader';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { displayPhone, fullName } from '../customers/customers.resource';
import { PhoneLookup, type PhoneLookupResult } from '../customers/PhoneLookup';
import { CustomerPoints } from './CustomerPoints';
import { useBurnPoints, useBurnPreparation } from './gifts.resource';
import { LoyaltyCustomersList } from './LoyaltyCustomersList';

/** The customer whose gifts are open: found by phone or picked from the list. */
type PickedCustomer = Pick<Customer, '_id' | 'customer_name' | 'customer_surname' | 'customer_phone'>;

const burnDialogForm = burnPointsInput.pick({ loyalty_customer_address: true, loyalty_customer_note: true });

/** The confirmation of one gift: its cost and the balance left; one Idempotency-Key per opening. */
function BurnDialog({
  customerId,
  balance,
  gift,
  onClose,
}: {
  customerId: string;
  balance: number;
  gift: LoyaltyGift;
  onClose: () => void;
}) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const titleId = useId();
  // One key per opening: a retried confirmation (a lost answer) redeems once.
  const [key] = useState(() => newIdempotencyKey('gift'));
  const burn = useBurnPoints();
  const form = useZodForm(burnDialogForm, {
    defaultValues: { loyalty_customer_address: '', loyalty_customer_note: '' },
  });
  const number = new Intl.NumberFormat(language);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('redeem.confirmTitle')}</DialogTitle>
      <DialogContent>
        <Form
          form={form}
          labels="loyalty"
          warnOnLeave={false}
          onSubmit={async (values) => {
            await burn.mutateAsync({
              input: { ...values, loyalty_customer: customerId, loyalty_customer_gift: gift._id },
              key,
            });
            onClose();
          }}
        >
          <Typography>
            {t('redeem.confirmText', {
              gift: gift.loyalty_gift_title,
              points: number.format(gift.loyalty_gift_point_quantity),
              left: number.format(balance - gift.loyalty_gift_point_quantity),
            })}
          </Typography>
          {gift.loyalty_gift_send_type === 'to_address' && (
            <TextField name="loyalty_customer_address" multiline minRows={2} autoFocus />
          )}
          <TextField name="loyalty_customer_note" />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <SubmitButton>{t('redeem.confirm')}</SubmitButton>
          </Stack>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function Received({ rows }: { rows: LoyaltyCustomer[] }) {
  const { t } = useTranslation('loyalty');
  if (rows.length === 0) return <Typography color="text.secondary">{t('redeem.noneReceived')}</Typography>;
  return (
    <List dense aria-label={t('redeem.received')}>
      {rows.map((row) => (
        <ListItem key={row._id} disableGutters>
          <ListItemText
            primary={row.loyalty_customer_gift_title}
            secondary={[
              formatDateTime(row.createdAt),
              row.loyalty_customer_gift_code && t('redeem.code', { code: row.loyalty_customer_gift_code }),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
          <Chip
            size="small"
            label={t(`gifted.statuses.${row.loyalty_customer_status}`)}
            color={row.loyalty_customer_status === 'cancelled' ? 'default' : 'primary'}
            variant={row.loyalty_customer_status === 'new' ? 'filled' : 'outlined'}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** The customer's gifts to take, their points (balance, tier, history) and what they received. */
function CustomerGifts({ customer }: { customer: PickedCustomer }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const prep = useBurnPreparation(customer._id);
  const [chosen, setChosen] = useState<LoyaltyGift | null>(null);
  const number = new Intl.NumberFormat(language);
  if (prep.isError) return <Alert severity="error">{prep.error.message}</Alert>;
  if (!prep.data) return <Skeleton variant="rounded" height={200} />;
  const { available_gift_list: gifts, balance, customer_loyalty_list: received } = prep.data;
  return (
    <Stack spacing={3}>
      <Card
        component="section"
        aria-label={fullName(customer) || displayPhone(customer.customer_phone)}
        sx={{ p: 3 }}
      >
        <Typography variant="h6" component="h2">
          {fullName(customer) || displayPhone(customer.customer_phone)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {displayPhone(customer.customer_phone)}
        </Typography>
        <CustomerPoints customerId={customer._id} />
      </Card>
      <Card component="section" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('redeem.available')}
        </Typography>
        {gifts.length === 0 ? (
          <Typography color="text.secondary">{t('redeem.noGifts')}</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
            }}
          >
            {gifts.map((gift) => (
              <Card key={gift._id} variant="outlined" role="group" aria-label={gift.loyalty_gift_title}>
                <CardContent>
                  <Typography variant="subtitle1" component="h3">
                    {gift.loyalty_gift_title}
                  </Typography>
                  <Typography variant="h5" component="p" color="primary">
                    {number.format(gift.loyalty_gift_point_quantity)} {t('fields.loyalty_customer_points')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      t(`gifts.sendTypes.${gift.loyalty_gift_send_type}`),
                      t('redeem.stockLeft', { count: gift.loyalty_gift_stock_quantity }),
                    ].join(' · ')}
                  </Typography>
                  {gift.loyalty_gift_note && (
                    <Typography variant="body2">{gift.loyalty_gift_note}</Typography>
                  )}
                </CardContent>
                <CardActions>
                  <Button
                    startIcon={<CardGiftcardIcon />}
                    variant="contained"
                    onClick={() => setChosen(gift)}
                  >
                    {t('redeem.give')}
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Box>
        )}
      </Card>
      <Card component="section" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          {t('redeem.received')}
        </Typography>
        <Received rows={received} />
      </Card>
      {chosen && (
        <BurnDialog
          customerId={customer._id}
          balance={balance.point_balance}
          gift={chosen}
          onClose={() => setChosen(null)}
        />
      )}
    </Stack>
  );
}

/** /loyalty/customer-loyalty (spec §2 gift redemption / burn points): find the customer, give a gift. */
export default function CustomerLoyaltyPage() {
  const { t } = useTranslation('loyalty');
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [missing, setMissing] = useState(false);
  const onResult = (result: PhoneLookupResult) => {
    setCustomer(result && 'customer' in result ? result.customer : null);
    setMissing(result !== null && 'missingPhone' in result);
  };
  return (
    <>
      <PageHeader title={t('redeem.title')} crumbs={[{ label: t('title') }, { label: t('redeem.title') }]} />
      <Stack spacing={3} sx={{ maxWidth: 1100 }}>
        <PhoneLookup
          intro={t('redeem.intro')}
          label="loyalty:redeem.phone"
          submitLabel={t('redeem.search')}
          onResult={onResult}
        />
        {missing && <Alert severity="warning">{t('redeem.notFound')}</Alert>}
        {customer && (
          <Box>
            <Button startIcon={<ArrowBackIcon />} onClick={() => setCustomer(null)}>
              {t('loyaltyCustomers.back')}
            </Button>
          </Box>
        )}
        {customer && <CustomerGifts key={customer._id} customer={customer} />}
        {!customer && (
          <Card component="section" aria-label={t('loyaltyCustomers.title')} sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              {t('loyaltyCustomers.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('loyaltyCustomers.intro')}
            </Typography>
            <LoyaltyCustomersList
              onOpen={(row) => {
                setMissing(false);
                setCustomer({
                  _id: row.customer_id,
                  customer_name: row.customer_name,
                  customer_surname: row.customer_surname,
                  customer_phone: row.customer_phone,
                });
              }}
            />
          </Card>
        )}
      </Stack>
    </>
  );
}
