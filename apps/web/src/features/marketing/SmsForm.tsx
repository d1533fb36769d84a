import { NOTIFICATION_LIMITS, type SmsNotificationInput, smsNotificationInput } from '@avlu/contracts';
import { smsLength, smsLookalikes } from '@avlu/contracts/marketing/sms-parts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { RecipientsField, ScheduleSection, Section } from './editor-parts';
import { NotificationFormFrame, type NotificationFormProps } from './NotificationFormFrame';

/** The live length of the text: "X karakter · Y SMS", the encoding and what the last part has left. */
export function SmsCounter() {
  const { t } = useTranslation('marketing');
  const { setValue } = useFormContext<SmsNotificationInput>();
  const text =
    useWatch<SmsNotificationInput, 'sms_notification_text'>({ name: 'sms_notification_text' }) ?? '';
  const length = smsLength(text);
  const lookalikes = smsLookalikes(text);
  const fewer = lookalikes.replaced > 0 ? smsLength(lookalikes.text) : undefined;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" aria-live="polite" data-testid="sms-counter">
          {t('sms.counter', { characters: length.characters, parts: length.parts })}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`sms.encodings.${length.encoding}`)} />
        {length.parts > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('sms.remaining', { count: length.remaining, perPart: length.perPart })}
          </Typography>
        )}
      </Stack>
      {fewer && fewer.parts < length.parts && (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() =>
                setValue('sms_notification_text', lookalikes.text, {
                  shouldDirty: true,
                  shouldValidate: true,
                })
              }
            >
              {t('sms.replace')}
            </Button>
          }
        >
          {t('sms.lookalikes', { count: lookalikes.replaced, from: length.parts, to: fewer.parts })}
        </Alert>
      )}
    </Stack>
  );
}

/** What the SMS costs: its parts times the reach. */
function SmsCost({ reach }: { reach: number | undefined }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const text =
    useWatch<SmsNotificationInput, 'sms_notification_text'>({ name: 'sms_notification_text' }) ?? '';
  const { parts } = smsLength(text);
  if (reach === undefined || parts === 0) return null;
  const number = new Intl.NumberFormat(language);
  return (
    <Alert severity="info" icon={false} data-testid="sms-cost">
      {t('sms.cost', { parts, reach: number.format(reach), total: number.format(parts * reach) })}
    </Alert>
  );
}

/** The SMS editor (spec §3 SMS notification; §5: text 10 to 947 characters, title at least 5). */
export function SmsForm(props: NotificationFormProps<'sms'>) {
  const { t } = useTranslation('marketing');
  return (
    <NotificationFormFrame {...props} kind="sms" schema={smsNotificationInput}>
      {({ commercial, saved }) => (
        <>
          <Section title={t('sms.message')}>
            <TextField name="sms_notification_title" required hint="marketing:sms.titleHint" />
            <Stack spacing={1}>
              <TextField
                name="sms_notification_text"
                required
                multiline
                minRows={4}
                slotProps={{ htmlInput: { maxLength: NOTIFICATION_LIMITS.smsText.max } }}
              />
              <SmsCounter />
            </Stack>
          </Section>
          <Section title={t('form.recipients')}>
            <RecipientsField
              kind="sms"
              name="sms_notification_filters"
              commercial={commercial}
              saved={saved}
              summary={(reach) => <SmsCost reach={reach} />}
            />
          </Section>
          <ScheduleSection kind="sms" />
        </>
      )}
    </NotificationFormFrame>
  );
}
