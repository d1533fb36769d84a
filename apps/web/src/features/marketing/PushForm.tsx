import { pushNotificationInput, type SegmentFilter } from '@avlu/contracts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../lib/form';
import { RecipientsField, ScheduleSection, Section } from './editor-parts';
import { useAllMobilePages } from './marketing.resource';
import { NotificationFormFrame, type NotificationFormProps } from './NotificationFormFrame';

/**
 * Spec §4: BROADCAST without filters, else FILTER; the form shows which the segment makes it. Who a
 * BROADCAST reaches ("no conditions: …") is said once, by the segment below, so the hint here says
 * only what would change the type.
 */
function PushType() {
  const { t } = useTranslation('marketing');
  const filters = useWatch({ name: 'push_notification_filters' }) as SegmentFilter | null;
  const type = filters && filters.length > 0 ? 'FILTER' : 'BROADCAST';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{t('push.type')}:</Typography>
      <Chip size="small" color={type === 'FILTER' ? 'primary' : 'default'} label={t(`push.types.${type}`)} />
      <Typography variant="caption" color="text.secondary">
        {t(`push.typeHint.${type}`)}
      </Typography>
    </Stack>
  );
}

/** The push editor (spec §3 Push notification): Turkish and English text, the page it opens. */
export function PushForm(props: NotificationFormProps<'push'>) {
  const { t } = useTranslation('marketing');
  const pages = useAllMobilePages();
  const options = [
    { value: '', label: t('push.noPage') },
    ...(pages.data ?? []).map((page) => ({
      value: page._id,
      label: `${page.mobile_page_title} (${page.mobile_page_name})`,
    })),
  ];
  return (
    <NotificationFormFrame {...props} kind="push" schema={pushNotificationInput}>
      {({ commercial, saved }) => (
        <>
          <Section title={t('push.message')}>
            <TextField name="push_notification_text_tr" required multiline minRows={3} />
            <TextField name="push_notification_text_en" multiline minRows={3} hint="marketing:push.enHint" />
          </Section>
          <Section title={t('push.opens')}>
            <SelectField
              name="push_notification_mobile_page_id"
              options={options}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              hint={pages.isError ? 'marketing:push.pagesUnavailableText' : 'marketing:push.pageHint'}
            />
            <TextField name="push_notification_redirect_page_value" hint="marketing:push.valueHint" />
          </Section>
          <Section title={t('form.recipients')}>
            <PushType />
            <RecipientsField
              kind="push"
              name="push_notification_filters"
              commercial={commercial}
              saved={saved}
            />
          </Section>
          <ScheduleSection kind="push" />
        </>
      )}
    </NotificationFormFrame>
  );
}
