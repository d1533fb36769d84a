import {
  type Campaign,
  type Channel,
  type Customer,
  type CustomerCoupon,
  displayCouponCode,
  isJoinable,
} from '@avlu/contracts';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStatePanel } from '../../lib/data-table/EmptyOverlay';
import { formatDate, formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { CouponStatusChip } from '../campaigns/CouponStatusChip';
import { campaignName } from '../campaigns/campaigns.resource';
import { useCustomerCoupons, useDeskCampaigns, useGiveCoupon } from '../campaigns/giving.resource';
import { DeskCustomerFrame } from './ChannelFrame';
import { DoneCard } from './DoneCard';
import { useSendCouponSms } from './desk-receipts.resource';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

/** Sends the customer a code they hold by SMS (`GET /shopping-receipts/sms`); the toast says it went. */
function SmsButton({ customerId, code }: { customerId: string; code: string }) {
  const { t } = useTranslation('registration');
  const send = useSendCouponSms();
  return (
    <Button
      size="small"
      startIcon={<SmsOutlinedIcon />}
      loading={send.isPending}
      onClick={() => send.mutate({ customerId, couponCode: code })}
      aria-label={`${t('coupons.sendSms')}: ${displayCouponCode(code)}`}
    >
      {t('coupons.sendSms')}
    </Button>
  );
}

/** The code just given, large enough to read out, copy or send to the customer. */
function GivenCode({ coupon, customerId }: { coupon: CustomerCoupon; customerId: string }) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    await navigator.clipboard.writeText(coupon.coupon_code);
    enqueueSnackbar(t('coupons.copied'), { variant: 'success' });
  };
  return (
    <DoneCard title={t('coupons.given')}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {campaignName(coupon.campaign, language)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
        <Typography
          component="p"
          data-testid="given-code"
          sx={{
            ...mono,
            fontSize: { xs: 28, sm: 36 },
            fontWeight: 700,
            letterSpacing: 3,
            overflowWrap: 'anywhere',
          }}
        >
          {displayCouponCode(coupon.coupon_code)}
        </Typography>
        <Tooltip title={t('coupons.copy')}>
          <IconButton aria-label={t('coupons.copy')} onClick={copy}>
            <ContentCopyIcon />
          </IconButton>
        </Tooltip>
        <SmsButton customerId={customerId} code={coupon.coupon_code} />
      </Stack>
      {coupon.coupon_expires_at && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('coupons.validUntil', { date: formatDateTime(coupon.coupon_expires_at) })}
        </Typography>
      )}
    </DoneCard>
  );
}

function CampaignCard({
  campaign,
  giving,
  refusal,
  onGive,
}: {
  campaign: Campaign;
  giving: boolean;
  refusal: string | undefined;
  onGive: () => void;
}) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const name = campaignName(campaign, language);
  return (
    <Card
      component="article"
      aria-label={name}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={campaign.campaign_images[0]}
            alt=""
            sx={{ width: 56, height: 56, bgcolor: 'action.hover', color: 'text.disabled' }}
          >
            <ImageOutlinedIcon />
          </Avatar>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" variant="outlined" label={t(`campaigns:types.${campaign.campaign_type}`)} />
              <Typography variant="caption" color="text.secondary">
                {t('coupons.endsOn', { date: formatDate(campaign.campaign_end_date) })}
              </Typography>
            </Stack>
          </Stack>
        </Stack>
        {refusal && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          startIcon={<ConfirmationNumberOutlinedIcon />}
          loading={giving}
          onClick={onGive}
          aria-label={`${t('coupons.give')}: ${name}`}
        >
          {t('coupons.give')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The codes this desk gave the customer, newest first, refreshed after each give. */
function DeskCodes({ customer, channel }: { customer: Customer; channel: Channel }) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const codes = useCustomerCoupons(customer._id, channel._id);
  let body: ReactNode;
  if (codes.isError) body = <Alert severity="error">{codes.error.message}</Alert>;
  else if (!codes.data) body = <Skeleton variant="rounded" height={80} />;
  else if (codes.data.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('coupons.noCodes')}
      </Typography>
    );
  else
    body = (
      <TableContainer>
        <Table size="small" aria-label={t('coupons.codesHere')}>
          <TableHead>
            <TableRow>
              {(['code', 'campaign', 'status', 'given', 'expires', 'sms'] as const).map((column) => (
                <TableCell key={column}>{t(`coupons.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {codes.data.map((code) => (
              <TableRow key={code._id} hover>
                <TableCell sx={{ ...mono, fontWeight: 600 }}>{displayCouponCode(code.coupon_code)}</TableCell>
                <TableCell>{campaignName(code.campaign, language)}</TableCell>
                <TableCell>
                  <CouponStatusChip status={code.coupon_status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(code.coupon_given_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {code.coupon_expires_at ? formatDateTime(code.coupon_expires_at) : '—'}
                </TableCell>
                <TableCell>
                  {code.coupon_status === 'given' && (
                    <SmsButton customerId={customer._id} code={code.coupon_code} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return (
    <Card component="section" aria-label={t('coupons.codesHere')}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('coupons.codesHere')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

function CouponDesk({ channel, customer }: { channel: Channel; customer: Customer }) {
  const { t } = useTranslation('registration');
  const list = useDeskCampaigns(channel._id);
  const give = useGiveCoupon();
  const [given, setGiven] = useState<CustomerCoupon | null>(null);
  const [refusal, setRefusal] = useState<{ campaignId: string; message: string } | null>(null);

  const giveOf = (campaign: Campaign) => {
    setRefusal(null);
    setGiven(null);
    give.mutate(
      { campaign_id: campaign._id, channel_id: channel._id, customer_id: customer._id },
      {
        onSuccess: setGiven,
        // The server names the rule that refused, in the screen's language.
        onError: (error) =>
          setRefusal({
            campaignId: campaign._id,
            message: error instanceof Error ? error.message : t('errors:INTERNAL_ERROR'),
          }),
      },
    );
  };

  let campaigns: ReactNode;
  // The desk's campaigns include those whose codes come another way (a game, a survey, receipts):
  // the receipt desk lists the receipt campaigns; this desk gives the codes of those joined.
  const joinable = list.data?.filter(isJoinable);
  if (list.isError) campaigns = <Alert severity="error">{list.error.message}</Alert>;
  else if (!joinable) campaigns = <Skeleton variant="rounded" height={140} />;
  else if (joinable.length === 0)
    campaigns = <EmptyStatePanel label={t('coupons.campaigns')} text={t('coupons.noCampaigns')} />;
  else
    campaigns = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, 1fr)' } }}>
        {joinable.map((campaign) => (
          <CampaignCard
            key={campaign._id}
            campaign={campaign}
            giving={give.isPending && give.variables?.campaign_id === campaign._id}
            refusal={refusal?.campaignId === campaign._id ? refusal.message : undefined}
            onGive={() => giveOf(campaign)}
          />
        ))}
      </Box>
    );

  return (
    <Stack spacing={3}>
      {given && <GivenCode coupon={given} customerId={customer._id} />}
      <Card component="section" aria-label={t('coupons.campaigns')}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('coupons.campaigns')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('coupons.campaignsIntro')}
          </Typography>
          {campaigns}
        </CardContent>
      </Card>
      <DeskCodes customer={customer} channel={channel} />
    </Stack>
  );
}

/**
 * /registration/customer/coupons/{channelId} (spec §2; issue 13 #7): the desk finds the customer by
 * phone, gives a code of a campaign this desk gives now, and sees the codes it gave the customer.
 */
export default function DeskCouponsPage() {
  const { t } = useTranslation('registration');
  return (
    <DeskCustomerFrame title={t('coupons.title')} lookupIntro={t('coupons.lookupIntro')}>
      {(channel, customer) => <CouponDesk channel={channel} customer={customer} />}
    </DeskCustomerFrame>
  );
}
