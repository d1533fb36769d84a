import { gameRightRules } from '@avlu/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../lib/form';

/**
 * How approved receipts earn a game's rights: one per receipt, one per spending step, or none (only
 * staff give rights). "None" is sent as null.
 */
export function GameRightRuleField({ required }: { required: boolean }) {
  const { t } = useTranslation('campaigns');
  return (
    <SelectField
      name="campaign_game_right_rule"
      required={required}
      hint="campaigns:form.gameRightRuleHint"
      options={[
        ...(required ? [] : [{ value: '', label: t('gameRightRules.none') }]),
        ...gameRightRules.map((value) => ({ value, label: t(`gameRightRules.${value}`) })),
      ]}
    />
  );
}
