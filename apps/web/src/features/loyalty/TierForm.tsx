import { type LoyaltyTierInput, loyaltyTierInput } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { Form, NumberField, SubmitButton, TextField, useZodForm } from '../../lib/form';

type TierFormProps = {
  defaultValues: Partial<LoyaltyTierInput>;
  onSubmit: (values: LoyaltyTierInput) => Promise<unknown>;
};

/** A tier's titles, the points that reach it, its multiplier and priority: /loyalty/tiers/new and …/edit. */
export function TierForm({ defaultValues, onSubmit }: TierFormProps) {
  const form = useZodForm(loyaltyTierInput, { defaultValues });
  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Form form={form} labels="loyalty" onSubmit={(values) => onSubmit(values)}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TextField name="loyalty_tier_title" autoFocus />
          <TextField name="loyalty_tier_title_en" hint="loyalty:tiers.englishHint" />
          <NumberField name="loyalty_tier_min_points" hint="loyalty:tiers.minPointsHint" />
          <NumberField
            name="loyalty_tier_point_multiplier"
            hint="loyalty:tiers.multiplierHint"
            slotProps={{ htmlInput: { step: 0.01, min: 0.01, max: 10 } }}
          />
          <NumberField
            name="loyalty_tier_priority"
            hint="loyalty:tiers.priorityHint"
            slotProps={{ htmlInput: { step: 1, min: 1, max: 99 } }}
          />
        </Box>
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
