import type { CampaignTypeField } from '@avlu/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { NumberField, TextField } from '../../lib/form';
import { CategoriesField, StoresField } from '../pickers/PickerFields';
import { pair, Section } from './form-section';
import { GameRightRuleField } from './GameRightRuleField';
import { PrizesField } from './PrizesField';

/** Which type fields the chosen type uses, and which of them it requires (contracts' table). */
export type FieldUse = {
  uses: (field: CampaignTypeField) => boolean;
  req: (field: CampaignTypeField) => boolean;
};

/**
 * "Hangi fişler sayılır": the store categories whose receipts count (none: every store), and the
 * stores and categories whose receipts never do (ATMs, exchange offices, phone top-ups, tobacco).
 */
export function ReceiptFilterSection({ uses, req }: FieldUse) {
  const { t } = useTranslation('campaigns');
  if (!uses('campaign_store_category_ids') && !uses('campaign_excluded_store_ids')) return null;
  return (
    <Section title={t('form.receiptFilter')} subheader={t('form.receiptFilterHint')}>
      {uses('campaign_store_category_ids') && (
        <CategoriesField
          name="campaign_store_category_ids"
          required={req('campaign_store_category_ids')}
          hint="campaigns:form.storeCategoriesHint"
        />
      )}
      {(uses('campaign_excluded_store_ids') || uses('campaign_excluded_category_ids')) && (
        <Box sx={pair}>
          {uses('campaign_excluded_store_ids') && (
            <StoresField name="campaign_excluded_store_ids" required={req('campaign_excluded_store_ids')} />
          )}
          {uses('campaign_excluded_category_ids') && (
            <CategoriesField
              name="campaign_excluded_category_ids"
              required={req('campaign_excluded_category_ids')}
            />
          )}
        </Box>
      )}
    </Section>
  );
}

/**
 * "Oyun": a game's win rate, how receipts earn rights (with the spending limit as the minimum
 * receipt or the step), the lottery permit (MPİ) and the prize inventory.
 */
export function GameSection({ uses, req }: FieldUse) {
  const { t } = useTranslation('campaigns');
  if (!uses('campaign_win_rate') && !uses('campaign_game_right_rule') && !uses('campaign_prizes'))
    return null;
  // Games use the spending limit without its type: the minimum receipt, or the step of a right.
  const spendingStep = uses('campaign_spending_limit') && !uses('campaign_spending_limit_type');
  return (
    <Section title={t('form.game')} subheader={t('form.gameHint')}>
      <Box sx={pair}>
        {uses('campaign_win_rate') && (
          <NumberField name="campaign_win_rate" required={req('campaign_win_rate')} />
        )}
        {uses('campaign_lottery_permit_no') && (
          <TextField
            name="campaign_lottery_permit_no"
            required={req('campaign_lottery_permit_no')}
            hint="campaigns:form.lotteryPermitHint"
          />
        )}
      </Box>
      {(uses('campaign_game_right_rule') || spendingStep) && (
        <Box sx={pair}>
          {uses('campaign_game_right_rule') && (
            <GameRightRuleField required={req('campaign_game_right_rule')} />
          )}
          {spendingStep && (
            <NumberField
              name="campaign_spending_limit"
              required={req('campaign_spending_limit')}
              hint="campaigns:form.gameSpendingHint"
            />
          )}
        </Box>
      )}
      {uses('campaign_prizes') && <PrizesField />}
    </Section>
  );
}
