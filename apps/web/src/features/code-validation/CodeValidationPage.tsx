import {
  type CampaignType,
  CODE_VALIDATION_RULES,
  type CodeValidationQuery,
  type CodeValidationResult,
  couponCodeProblem,
  couponCodeQuery,
  customerPhone,
  displayCouponCode,
  normaliseCouponCode,
  objectId,
  smsCodeRules,
} from '@avlu/contracts';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { type ApiError, isApiError } from '../../lib/api';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDate, formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import {
  type CodeValidationCampaign,
  lastCampaign,
  releaseHold,
  useLookup,
  useRedeem,
  useSendOtp,
  useValidationCampaigns,
} from './code-validation.resource';
import { emptyCode, SMS_CODE_LENGTH, SmsCodeBoxes, type SmsCodeBoxesHandle } from './SmsCodeBoxes';
import './texts';

const nameOf = (row: Pick<CodeValidationCampaign, 'campaign_name' | 'campaign_name_en'>, language: string) =>
  language === 'en' ? row.campaign_name_en || row.campaign_name : row.campaign_name;

/**
 * The lookup form: a campaign and a code, both required; a mistyped generated code (its check
 * symbol disagrees) is refused here, before any request, as the server would refuse it.
 */
const lookupForm = (types: ReadonlyMap<string, CampaignType>) =>
  z
    .strictObject({
      campaign_id: z.string().min(1, { message: 'validation.required' }).pipe(objectId),
      coupon_code: z.string().trim().min(1, { message: 'validation.required' }).pipe(couponCodeQuery),
    })
    .superRefine((value, context) => {
      const type = types.get(value.campaign_id);
      const problem = type && couponCodeProblem(type, value.coupon_code);
      if (problem) context.addIssue({ code: 'custom', path: ['coupon_code'], message: problem });
    });

/**
 * Refusals after which the result on screen is no longer true (the code was redeemed meanwhile, the
 * hold ran out, the campaign ended): the result goes, as spec §8 says of a validation error, and
 * the message stays where it was. Anything else (a wrong SMS code, a limit) is said in the card.
 */
const endsResult = (error: ApiError) =>
  error.code.startsWith('COUPON_CODE_') || error.code.startsWith('CAMPAIGN_') || error.statusCode === 404;

/** Seconds until `until`, ticking every second; at most `cap`, so a fast clock cannot stretch it. */
const useSecondsLeft = (until: string | null, cap: number) => {
  const left = () =>
    until ? Math.max(0, Math.min(cap, Math.ceil((Date.parse(until) - Date.now()) / 1000))) : 0;
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only `until` and `cap`
  useEffect(() => {
    setSeconds(left());
    if (!until) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [until, cap]);
  return seconds;
};

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A label and its value, as a term of the result's description list. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type Held = { query: CodeValidationQuery; result: CodeValidationResult };
type Redeemed = { code: string; campaign: string; usedAt: string };

const STATUS_COLOURS = { ready: 'default', given: 'success', used: 'default', not_used: 'warning' } as const;

/**
 * The looked-up code: its status, campaign, masked holder, dates and the hold's countdown; then the
 * SMS code to the holder and the redemption with the code the holder reads out.
 */
function ResultCard({
  held,
  onNewCode,
  onLost,
  onRedeemed,
  onLookAgain,
}: {
  held: Held;
  onNewCode: () => void;
  onLost: (message: string) => void;
  onRedeemed: (redeemed: Redeemed) => void;
  onLookAgain: () => void;
}) {
  const { t } = useTranslation('code-validation');
  const language = useLanguage();
  const { result, query } = held;
  const sendOtp = useSendOtp();
  const redeem = useRedeem();
  const [sentAt, setSentAt] = useState<string | null>(null);
  const [digits, setDigits] = useState(emptyCode);
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const boxes = useRef<SmsCodeBoxesHandle>(null);
  // The phone the clerk checked the holder with, sent again with a new code.
  const givenPhone = useRef<string | undefined>(undefined);
  const titleId = useId();
  const messageId = useId();
  const holdLeft = useSecondsLeft(result.hold_expires_at, CODE_VALIDATION_RULES.holdSeconds);
  const resendAt = useMemo(
    () => (sentAt ? new Date(Date.parse(sentAt) + smsCodeRules.resendSeconds * 1000).toISOString() : null),
    [sentAt],
  );
  const resendLeft = useSecondsLeft(resendAt, smsCodeRules.resendSeconds);
  const expired = result.coupon_expires_at !== null && Date.parse(result.coupon_expires_at) <= Date.now();
  const redeemable =
    result.coupon_status === 'given' && result.holder !== null && result.hold_expires_at !== null && !expired;
  const holdOver = redeemable && holdLeft === 0;
  const busy = sendOtp.isPending || redeem.isPending;
  const campaign = nameOf(result.campaign, language);

  const failed = (error: unknown) => {
    if (!isApiError(error) || error.canceled) return;
    if (endsResult(error)) return onLost(error.message);
    setProblem(error.message);
  };

  /** Sends the SMS code; a refusal that ends the result ends it, any other is the caller's to show. */
  const send = async (phone: string | undefined) => {
    setProblem(null);
    try {
      await sendOtp.mutateAsync({
        campaign_id: query.campaign_id,
        coupon_code: query.coupon_code,
        ...(phone && { customer_phone: phone }),
      });
    } catch (error) {
      if (isApiError(error) && endsResult(error)) return onLost(error.message);
      throw error;
    }
    givenPhone.current = phone;
    setSentAt(new Date().toISOString());
    setDigits(emptyCode());
    setTried(false);
    // The boxes mount with the focus on the first; on a resend they are there already.
    boxes.current?.focus(0);
  };
  const resend = () => send(givenPhone.current).catch(failed);

  const use = async (code: string) => {
    if (redeem.isPending) return;
    setProblem(null);
    try {
      const answer = await redeem.mutateAsync({
        campaign_id: query.campaign_id,
        coupon_code: query.coupon_code,
        otp_code: code,
      });
      onRedeemed({ code: answer.coupon_code, campaign, usedAt: answer.coupon_used_at });
    } catch (error) {
      failed(error);
      setDigits(emptyCode());
      setTried(false);
      boxes.current?.focus(0);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (digits.some((digit) => !digit)) return boxes.current?.focus(digits.findIndex((digit) => !digit));
    void use(digits.join(''));
  };

  const incomplete = tried && digits.some((digit) => !digit);
  const codeMessage = incomplete
    ? digits.some(Boolean)
      ? t('otp.incomplete', { length: SMS_CODE_LENGTH })
      : t('otp.required')
    : null;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2.5}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography
              id={titleId}
              variant="h6"
              component="h2"
              sx={{ fontFamily: 'monospace', letterSpacing: 1 }}
            >
              {displayCouponCode(result.coupon_code)}
            </Typography>
            <Chip
              color={
                expired && result.coupon_status === 'given' ? 'warning' : STATUS_COLOURS[result.coupon_status]
              }
              label={
                expired && result.coupon_status === 'given'
                  ? t('status.expired')
                  : t(`status.${result.coupon_status}`)
              }
            />
          </Stack>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
          >
            <Detail label={t('result.campaign')}>{campaign}</Detail>
            <Detail label={t('result.validity')}>
              {t('result.dates', {
                start: formatDate(result.campaign.campaign_start_date),
                end: formatDate(result.campaign.campaign_end_date),
              })}
            </Detail>
            <Detail label={t('result.holderName')}>
              {result.holder?.masked_name ?? t('result.noHolder')}
            </Detail>
            <Detail label={t('result.holderPhone')}>
              {result.holder?.masked_phone ?? t('result.noHolder')}
            </Detail>
            <Detail label={t('result.givenAt')}>
              {result.coupon_given_at ? formatDateTime(result.coupon_given_at) : t('result.none')}
            </Detail>
            <Detail label={result.coupon_used_at ? t('result.usedAt') : t('result.expiresAt')}>
              {result.coupon_used_at
                ? formatDateTime(result.coupon_used_at)
                : result.coupon_expires_at
                  ? formatDateTime(result.coupon_expires_at)
                  : t('result.none')}
            </Detail>
          </Box>

          {!redeemable && (
            <Alert severity={result.coupon_status === 'used' ? 'error' : 'warning'}>
              {expired && result.coupon_status === 'given'
                ? t('notRedeemable.expired')
                : t(`notRedeemable.${result.coupon_status}`, {
                    date: result.coupon_used_at ? formatDateTime(result.coupon_used_at) : '',
                  })}
            </Alert>
          )}

          {redeemable && !holdOver && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <TimerOutlinedIcon fontSize="small" />
              <Typography variant="body2" role="timer">
                {t('hold.left', { time: clock(holdLeft) })}
              </Typography>
            </Stack>
          )}
          {holdOver && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={onLookAgain}>
                  {t('hold.again')}
                </Button>
              }
            >
              {t('hold.over')}
            </Alert>
          )}

          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}

          {redeemable && !holdOver && sentAt === null && (
            <SendOtpForm maskedPhone={result.holder?.masked_phone ?? ''} onSend={send} />
          )}

          {redeemable && !holdOver && sentAt !== null && (
            <Box component="form" noValidate onSubmit={submit} aria-label={t('otp.formLabel')}>
              <Stack spacing={2}>
                <Divider />
                <Typography variant="body2" role="status">
                  {t('otp.sent', { phone: result.holder?.masked_phone })}
                </Typography>
                <SmsCodeBoxes
                  ref={boxes}
                  digits={digits}
                  onChange={(next) => {
                    setDigits(next);
                    setProblem(null);
                  }}
                  onComplete={(code) => void use(code)}
                  readOnly={redeem.isPending}
                  invalid={incomplete}
                  describedBy={codeMessage ? messageId : undefined}
                />
                {codeMessage && (
                  <Typography id={messageId} variant="body2" color="error">
                    {codeMessage}
                  </Typography>
                )}
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Button
                    type="submit"
                    variant="contained"
                    color="success"
                    startIcon={<CheckCircleOutlineIcon />}
                    loading={redeem.isPending}
                    disabled={busy}
                  >
                    {t('redeem.submit')}
                  </Button>
                  <Button
                    onClick={() => void resend()}
                    disabled={busy || resendLeft > 0}
                    loading={sendOtp.isPending}
                  >
                    {resendLeft > 0 ? t('otp.resendIn', { time: clock(resendLeft) }) : t('otp.resend')}
                  </Button>
                </Stack>
              </Stack>
            </Box>
          )}

          <Divider />
          <Box>
            <Button color="inherit" onClick={onNewCode} disabled={redeem.isPending}>
              {t('newCode')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The SMS code's form may also check the holder: a phone the customer says must be the one on file. */
const phoneCheck = z.strictObject({
  customer_phone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    customerPhone.optional(),
  ),
});

/** Sends the holder's SMS code, optionally after checking the phone the customer gives. */
function SendOtpForm({
  maskedPhone,
  onSend,
}: {
  maskedPhone: string;
  onSend: (phone: string | undefined) => Promise<void>;
}) {
  const { t } = useTranslation('code-validation');
  const form = useZodForm(phoneCheck, { defaultValues: { customer_phone: '' } });
  return (
    <Form
      form={form}
      labels="code-validation"
      warnOnLeave={false}
      onSubmit={({ customer_phone }) => onSend(customer_phone)}
    >
      <Typography variant="body2" color="text.secondary">
        {t('otp.intro', { phone: maskedPhone })}
      </Typography>
      <TextField
        name="customer_phone"
        type="tel"
        autoComplete="off"
        placeholder="0532 123 45 67"
        hint="code-validation:otp.phoneHint"
      />
      <SubmitButton startIcon={<SmsOutlinedIcon />} sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
        {t('otp.send')}
      </SubmitButton>
    </Form>
  );
}

/** The redemption done: which code, of which campaign, and when; then the next code. */
function RedeemedCard({ redeemed, onNewCode }: { redeemed: Redeemed; onNewCode: () => void }) {
  const { t } = useTranslation('code-validation');
  const titleId = useId();
  // The card that held the focus is gone: it goes to this one's title, which is read out. Not to the
  // button: a button focused from the keyboard pulsates for as long as it keeps the focus.
  const title = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => title.current?.focus(), []);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          <CheckCircleOutlineIcon color="success" sx={{ fontSize: 64 }} />
          <Typography
            ref={title}
            id={titleId}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ outline: 'none' }}
          >
            {t('redeem.done')}
          </Typography>
          <Typography variant="body1" sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
            {displayCouponCode(redeemed.code)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('redeem.when', { campaign: redeemed.campaign, time: formatDateTime(redeemed.usedAt) })}
          </Typography>
          <Button variant="contained" onClick={onNewCode}>
            {t('newCode')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Validation({ campaigns }: { campaigns: CodeValidationCampaign[] }) {
  const { t } = useTranslation('code-validation');
  const language = useLanguage();
  const types = useMemo(() => new Map(campaigns.map((row) => [row._id, row.campaign_type])), [campaigns]);
  const schema = useMemo(() => lookupForm(types), [types]);
  const remembered = lastCampaign.read();
  const initialCampaign =
    remembered && types.has(remembered) ? remembered : campaigns.length === 1 ? campaigns[0]!._id : '';
  const form = useZodForm(schema, { defaultValues: { campaign_id: initialCampaign, coupon_code: '' } });
  const lookup = useLookup();
  const [held, setHeld] = useState<Held | null>(null);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);
  const [lost, setLost] = useState<string | null>(null);

  // The hold on screen, for leaving the page: what is held then is let go.
  const holding = useRef<CodeValidationQuery | null>(null);
  useEffect(
    () => () => {
      if (holding.current) releaseHold(holding.current);
    },
    [],
  );

  /** Clears the result; a code still held is let go (a redeemed one is held no more). */
  const clear = () => {
    if (holding.current) releaseHold(holding.current);
    holding.current = null;
    setHeld(null);
    setRedeemed(null);
  };

  const show = (query: CodeValidationQuery, result: CodeValidationResult) => {
    holding.current = result.hold_expires_at ? query : null;
    setHeld({ query, result });
  };

  const run = async (query: CodeValidationQuery) => {
    clear();
    setLost(null);
    // A failure goes to the form (under the code, or above the fields); the result is gone already.
    show(query, await lookup.mutateAsync(query));
  };

  // The result belongs to the campaign and code in the form: changing either clears it.
  const [campaignId, typed] = useWatch({ control: form.control, name: ['campaign_id', 'coupon_code'] });
  useEffect(() => {
    if (campaignId) lastCampaign.write(campaignId);
  }, [campaignId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the form's values clears
  useEffect(() => {
    if (!held) return;
    if (
      campaignId !== held.query.campaign_id ||
      normaliseCouponCode(typed ?? '') !== held.query.coupon_code
    ) {
      clear();
    }
  }, [campaignId, typed]);

  // Focus goes to the code field after the reset has rendered (react-hook-form cannot focus before).
  const [codeFocus, setCodeFocus] = useState(0);
  useEffect(() => {
    if (codeFocus > 0) form.setFocus('coupon_code');
  }, [codeFocus, form]);

  const newCode = () => {
    clear();
    setLost(null);
    form.reset({ campaign_id: form.getValues('campaign_id'), coupon_code: '' });
    setCodeFocus((count) => count + 1);
  };

  const options = campaigns.map((row) => ({
    value: row._id,
    label: `${nameOf(row, language)} · ${t(`campaigns:types.${row.campaign_type}`)}`,
  }));

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
      }}
    >
      <Card component="section" aria-label={t('form.title')}>
        <CardContent>
          <Form form={form} labels="code-validation" warnOnLeave={false} onSubmit={run}>
            <Typography variant="body2" color="text.secondary">
              {t('form.intro')}
            </Typography>
            <SelectField name="campaign_id" options={options} />
            <TextField
              name="coupon_code"
              autoFocus={Boolean(initialCampaign)}
              autoComplete="off"
              placeholder="ABCDE-FGHJK"
              hint="code-validation:form.codeHint"
              parse={(text) => text.replace(/[ıiİ]/g, 'I').toUpperCase()}
              slotProps={{
                htmlInput: {
                  autoCapitalize: 'characters',
                  spellCheck: false,
                  style: { fontFamily: 'monospace', letterSpacing: 1.5, fontSize: 18 },
                },
              }}
            />
            <SubmitButton sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}>
              {t('form.submit')}
            </SubmitButton>
          </Form>
        </CardContent>
      </Card>
      <Box>
        {lost && (
          <Alert severity="error" role="alert">
            {lost}
          </Alert>
        )}
        {redeemed ? (
          <RedeemedCard redeemed={redeemed} onNewCode={newCode} />
        ) : held ? (
          <ResultCard
            key={`${held.query.campaign_id}:${held.query.coupon_code}:${held.result.hold_expires_at}`}
            held={held}
            onNewCode={newCode}
            onLost={(message) => {
              clear();
              setLost(message);
            }}
            onRedeemed={(done) => {
              // Redeemed: the hold has ended on the server.
              holding.current = null;
              setRedeemed(done);
            }}
            onLookAgain={() => {
              const query = held.query;
              void run(query).catch((error: unknown) => {
                if (isApiError(error) && !error.canceled) setLost(error.message);
              });
            }}
          />
        ) : (
          !lost && (
            <Card variant="outlined" sx={{ borderStyle: 'dashed' }}>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t('empty')}
                </Typography>
              </CardContent>
            </Card>
          )
        )}
      </Box>
    </Box>
  );
}

/**
 * /campaigns/code-validation (spec §2, issue 13 #8 and #10), subject
 * `modules:campaign-code-validation`: a store clerk picks the campaign, types the customer's code,
 * sees its status and masked holder, sends the holder an SMS code and redeems the code with it.
 */
export default function CodeValidationPage() {
  const { t } = useTranslation('code-validation');
  const campaigns = useValidationCampaigns();
  return (
    <>
      <PageHeader
        title={t('title')}
        // No link to the campaigns: a clerk may hold this screen alone.
        crumbs={[{ label: t('campaigns:group') }, { label: t('title') }]}
      />
      {campaigns.error ? (
        <Alert severity="error">{campaigns.error.message}</Alert>
      ) : !campaigns.data ? (
        <LoadingScreen fullPage={false} />
      ) : campaigns.data.length === 0 ? (
        <Alert severity="info">{t('noCampaigns')}</Alert>
      ) : (
        <Validation campaigns={campaigns.data} />
      )}
    </>
  );
}
