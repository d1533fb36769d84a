import {
  type LoyaltyGiftInput,
  type LoyaltyGiftValues,
  loyaltyGiftInput,
  loyaltyGiftSendTypes,
  loyaltyTierTitle,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MuiTextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
} from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAllTiers } from './tiers.resource';

export const emptyGift: LoyaltyGiftInput = {
  loyalty_gift_title: '',
  loyalty_gift_note: '',
  // Numbers and the tier start empty: the rules say "required" until one is given.
  loyalty_gift_point_quantity: undefined as unknown as number,
  loyalty_gift_stock_quantity: undefined as unknown as number,
  loyalty_gift_min_tier_id: '',
  loyalty_gift_is_active: true,
  loyalty_gift_send_type: 'by_hand',
  loyalty_gift_new_codes: [],
};

type GiftFormProps = {
  defaultValues: LoyaltyGiftInput;
  /** The pool as it is (edit): how many codes were used and are left. */
  pool?: { used: number; available: number };
  onSubmit: (values: LoyaltyGiftValues) => Promise<unknown>;
};

/** The codes typed one a line, blank lines left out. */
const codesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * Every field of a gift, for /loyalty/gifts/new and …/edit, under contracts' `loyaltyGiftInput` (the
 * server's own rules). Codes for the pool are typed one a line and added to it on save.
 */
export function GiftForm({ defaultValues, pool, onSubmit }: GiftFormProps) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const tiers = useAllTiers();
  const form = useZodForm(loyaltyGiftInput, { defaultValues });
  const [codes, setCodes] = useState('');
  const tierOptions = (tiers.data ?? []).map((tier) => ({
    value: tier._id,
    label: loyaltyTierTitle(tier, language),
  }));
  const sendTypes = loyaltyGiftSendTypes.map((value) => ({ value, label: t(`gifts.sendTypes.${value}`) }));
  return (
    <Card sx={{ p: 3, maxWidth: 820 }}>
      <Form
        form={form}
        labels="loyalty"
        onSubmit={async (values) => {
          await onSubmit({ ...values, loyalty_gift_new_codes: codesOf(codes) });
          setCodes('');
        }}
      >
        {tiers.data?.length === 0 && <Alert severity="warning">{t('gifts.noTiers')}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField name="loyalty_gift_title" autoFocus />
          <SelectField name="loyalty_gift_send_type" options={sendTypes} />
          <NumberField name="loyalty_gift_point_quantity" hint="loyalty:gifts.pointsHint" />
          <NumberField name="loyalty_gift_stock_quantity" hint="loyalty:gifts.stockHint" />
          <SelectField name="loyalty_gift_min_tier_id" options={tierOptions} hint="loyalty:gifts.tierHint" />
          <SwitchField name="loyalty_gift_is_active" />
        </Box>
        <TextField name="loyalty_gift_note" multiline minRows={2} />
        <MuiTextField
          label={t('fields.loyalty_gift_new_codes')}
          value={codes}
          onChange={(event) => setCodes(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          helperText={
            pool
              ? `${t('gifts.codesState', { used: pool.used, available: pool.available })}. ${t('gifts.codesHint')}`
              : t('gifts.codesHint')
          }
        />
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
