import {
  CAMPAIGN_LIMITS,
  type CampaignTypeField,
  campaignCommonFields,
  campaignParticipations,
  campaignTypes,
  spendingLimitTypes,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DateTimeField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
} from '../../lib/form';
import { ChannelsField, ProvidersField, StoresField } from '../pickers/PickerFields';
import { SurveyField } from '../pickers/SurveyField';
import { GameSection, ReceiptFilterSection } from './CampaignMechanicsSections';
import {
  alignToType,
  type CampaignFormInput,
  type CampaignFormValues,
  campaignFormSchema,
  rulesInUse,
} from './campaign-form';
import { pair, Section, triple } from './form-section';
import { ImagesField } from './ImagesField';
import { SegmentField } from './SegmentField';

const requiredCommon = new Set<string>(
  campaignCommonFields.filter((rule) => rule.required).map((rule) => rule.field),
);

/** When the type or the participation rule changes, the values follow the fields in use (`alignToType`). */
function TypeAlignment() {
  const { getValues, setValue, clearErrors } = useFormContext<CampaignFormInput>();
  const [type, participation] = useWatch<CampaignFormInput, ['campaign_type', 'campaign_participation']>({
    name: ['campaign_type', 'campaign_participation'],
  });
  const last = useRef({ type, participation });
  useEffect(() => {
    if (last.current.type === type && last.current.participation === participation) return;
    last.current = { type, participation };
    for (const [field, value] of alignToType(type, getValues())) {
      setValue(field, value as never, { shouldDirty: true });
      clearErrors(field);
    }
  }, [type, participation, getValues, setValue, clearErrors]);
  return null;
}

/** The fields of the chosen type, in sections, each shown only when the type uses it. */
function TypeFields() {
  const { t } = useTranslation('campaigns');
  const [type, participation] = useWatch<CampaignFormInput, ['campaign_type', 'campaign_participation']>({
    name: ['campaign_type', 'campaign_participation'],
  });
  const rules = rulesInUse(type, participation);
  const uses = (field: CampaignTypeField) => rules.has(field);
  const req = (field: CampaignTypeField) => rules.get(field)?.required === true;
  if (!type) return <Alert severity="info">{t('form.chooseType')}</Alert>;

  const participationRule = rules.get('campaign_participation');
  const participationOptions = campaignParticipations
    .filter((value) => !participationRule?.only || participationRule.only.includes(value))
    .map((value) => ({ value, label: t(`participations.${value}`) }));

  const taking = (
    [
      'campaign_participation',
      'campaign_daily_participation_limit',
      'campaign_budget',
      'campaign_channel_ids',
      'campaign_segment',
    ] as const
  ).some(uses);
  const places = uses('campaign_store_ids') || uses('campaign_provider_ids');
  const settings = (
    [
      'campaign_spending_limit_type',
      'campaign_stamp_count',
      'campaign_step_goal',
      'campaign_point_multiplier',
      'campaign_scratch_area_count',
      'campaign_scratch_images',
      'campaign_session_day_count',
      'campaign_third_party_id',
      'campaign_survey_id',
      'campaign_regular_code',
    ] as const
  ).some(uses);

  return (
    <>
      {settings && (
        <Section title={t('form.settings')} subheader={t(`typeHints.${type}`)}>
          {uses('campaign_spending_limit_type') && (
            <Box sx={pair}>
              <NumberField
                name="campaign_spending_limit"
                required={req('campaign_spending_limit')}
                hint={uses('campaign_stamp_count') ? 'campaigns:form.stampSpendingHint' : undefined}
              />
              <SelectField
                name="campaign_spending_limit_type"
                required={req('campaign_spending_limit_type')}
                options={spendingLimitTypes.map((value) => ({
                  value,
                  label: t(`spendingLimitTypes.${value}`),
                }))}
              />
            </Box>
          )}
          {uses('campaign_point_multiplier') && (
            <NumberField
              name="campaign_point_multiplier"
              required={req('campaign_point_multiplier')}
              hint="campaigns:form.pointMultiplierHint"
            />
          )}
          {uses('campaign_stamp_count') && (
            <NumberField
              name="campaign_stamp_count"
              required={req('campaign_stamp_count')}
              hint="campaigns:form.stampCountHint"
            />
          )}
          {uses('campaign_step_goal') && (
            <NumberField
              name="campaign_step_goal"
              required={req('campaign_step_goal')}
              hint="campaigns:form.stepGoalHint"
            />
          )}
          {uses('campaign_scratch_area_count') && (
            <NumberField name="campaign_scratch_area_count" required={req('campaign_scratch_area_count')} />
          )}
          {uses('campaign_scratch_images') && (
            <ImagesField
              name="campaign_scratch_images"
              max={CAMPAIGN_LIMITS.scratchImages.max}
              required={req('campaign_scratch_images')}
            />
          )}
          {uses('campaign_session_day_count') && (
            <NumberField
              name="campaign_session_day_count"
              required={req('campaign_session_day_count')}
              hint="campaigns:form.sessionDaysHint"
            />
          )}
          {uses('campaign_third_party_id') && (
            <TextField name="campaign_third_party_id" required={req('campaign_third_party_id')} />
          )}
          {uses('campaign_survey_id') && (
            <SurveyField<CampaignFormInput>
              name="campaign_survey_id"
              required={req('campaign_survey_id')}
              hint="campaigns:form.surveyHint"
            />
          )}
          {uses('campaign_regular_code') && (
            <TextField
              name="campaign_regular_code"
              required={req('campaign_regular_code')}
              hint="campaigns:form.regularCodeHint"
            />
          )}
        </Section>
      )}
      <GameSection uses={uses} req={req} />
      {places && (
        <Section title={t('form.places')}>
          {uses('campaign_store_ids') && (
            <StoresField
              name="campaign_store_ids"
              required={req('campaign_store_ids')}
              hint={req('campaign_store_ids') ? undefined : 'campaigns:form.storesHint'}
            />
          )}
          {uses('campaign_provider_ids') && (
            <ProvidersField name="campaign_provider_ids" required={req('campaign_provider_ids')} />
          )}
        </Section>
      )}
      <ReceiptFilterSection uses={uses} req={req} />
      {taking && (
        <Section title={t('form.participation')}>
          <Box sx={triple}>
            {uses('campaign_participation') && (
              <SelectField
                name="campaign_participation"
                required={req('campaign_participation')}
                options={participationOptions}
              />
            )}
            {uses('campaign_daily_participation_limit') && (
              <NumberField
                name="campaign_daily_participation_limit"
                required={req('campaign_daily_participation_limit')}
              />
            )}
            {uses('campaign_budget') && (
              <NumberField
                name="campaign_budget"
                required={req('campaign_budget')}
                hint="campaigns:form.budgetHint"
              />
            )}
          </Box>
          {uses('campaign_channel_ids') && (
            <ChannelsField
              name="campaign_channel_ids"
              required={req('campaign_channel_ids')}
              hint="campaigns:form.channelsHint"
            />
          )}
          {uses('campaign_segment') && <SegmentField<CampaignFormInput> name="campaign_segment" />}
        </Section>
      )}
    </>
  );
}

type CampaignFormProps = {
  mode: 'create' | 'edit';
  defaultValues: CampaignFormInput;
  onSubmit: (values: CampaignFormValues) => Promise<unknown>;
};

/**
 * One form for /campaigns/new and /campaigns/{id}/edit (issue 13 point 10). Its fields follow the
 * chosen type from contracts' table (`campaignFieldsFor`): only the fields the type uses are shown,
 * marked as the table requires them, and a type change empties the ones no longer used. It checks
 * with `campaignInput`, so it says what the server would.
 */
export function CampaignForm({ mode, defaultValues, onSubmit }: CampaignFormProps) {
  const { t } = useTranslation('campaigns');
  const form = useZodForm(campaignFormSchema, { defaultValues });
  const typeOptions = campaignTypes.map((value) => ({ value, label: t(`types.${value}`) }));
  const required = (field: string) => requiredCommon.has(field);
  return (
    <Form form={form} labels="campaigns" onSubmit={(values) => onSubmit(values)}>
      <TypeAlignment />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Section title={t('form.general')}>
            <SelectField name="campaign_type" required options={typeOptions} sx={{ maxWidth: { md: 360 } }} />
            <Box sx={pair}>
              <TextField
                name="campaign_name"
                required={required('campaign_name')}
                autoFocus={mode === 'create'}
              />
              <TextField name="campaign_name_en" required={required('campaign_name_en')} />
            </Box>
            <Box sx={pair}>
              <TextField
                name="campaign_description"
                required={required('campaign_description')}
                multiline
                minRows={3}
              />
              <TextField
                name="campaign_description_en"
                required={required('campaign_description_en')}
                multiline
                minRows={3}
              />
            </Box>
          </Section>
          <TypeFields />
        </Stack>
        <Stack spacing={3}>
          <Section title={t('form.dates')} subheader={t('form.datesHint')}>
            <DateTimeField name="campaign_start_date" required={required('campaign_start_date')} />
            <DateTimeField name="campaign_end_date" required={required('campaign_end_date')} />
            <DateTimeField
              name="campaign_archive_date"
              required={required('campaign_archive_date')}
              hint="campaigns:form.archiveHint"
            />
          </Section>
          <Section title={t('form.images')}>
            <ImagesField
              name="campaign_images"
              max={CAMPAIGN_LIMITS.images.max}
              required
              hint="campaigns:form.imagesHint"
            />
            <SwitchField name="campaign_is_qrcode" hint="campaigns:form.qrCodeHint" />
          </Section>
        </Stack>
      </Box>
      <SubmitButton sx={{ alignSelf: 'flex-end' }} />
    </Form>
  );
}
