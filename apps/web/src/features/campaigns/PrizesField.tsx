import { CAMPAIGN_LIMITS } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FieldError, useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, TextField } from '../../lib/form';
import { useFieldLabel } from '../../lib/form/form-context';
import type { CampaignFormInput } from './campaign-form';

const row = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr auto' },
  alignItems: 'start',
} as const;

/** The list's own message (too many prizes), wherever the resolver or the server put it. */
const listError = (error: unknown) => {
  const value = error as (FieldError & { root?: FieldError }) | undefined;
  return value?.message ?? value?.root?.message;
};

/**
 * A game's prize inventory (`campaign_prizes`): a row per prize with its Turkish and English name and
 * its stock, added and removed in place, in the order the wheel shows them. A saved prize keeps its
 * `_id` in the values, so the server keeps what it has given; a refusal of one input
 * (`campaign_prizes.1.prize_stock`) shows under it.
 */
export function PrizesField() {
  const { t } = useTranslation('campaigns');
  const { control } = useFormContext<CampaignFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'campaign_prizes' });
  const { errors, isSubmitting } = useFormState({ control, name: 'campaign_prizes' });
  const label = useFieldLabel('campaign_prizes');
  const message = listError(errors.campaign_prizes);
  const full = fields.length >= CAMPAIGN_LIMITS.prizes.max;
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('prizes.none')}
        </Typography>
      )}
      {fields.map((prize, index) => (
        <Box key={prize.id} sx={row}>
          <TextField
            name={`campaign_prizes.${index}.prize_name`}
            label="campaigns:prizes.name"
            required
            size="small"
          />
          <TextField
            name={`campaign_prizes.${index}.prize_name_en`}
            label="campaigns:prizes.nameEn"
            required
            size="small"
          />
          <NumberField
            name={`campaign_prizes.${index}.prize_stock`}
            label="campaigns:prizes.stock"
            required
            size="small"
            slotProps={{ htmlInput: { min: CAMPAIGN_LIMITS.prizeStock.min, step: 1 } }}
          />
          <Tooltip title={t('prizes.remove', { number: index + 1 })}>
            <span>
              <IconButton
                aria-label={t('prizes.remove', { number: index + 1 })}
                onClick={() => remove(index)}
                disabled={isSubmitting}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ))}
      {message && <FormHelperText error>{message}</FormHelperText>}
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={full || isSubmitting}
          onClick={() =>
            append({ prize_name: '', prize_name_en: '', prize_stock: null as unknown as number })
          }
        >
          {t('prizes.add')}
        </Button>
        {full && <FormHelperText>{t('prizes.full', { max: CAMPAIGN_LIMITS.prizes.max })}</FormHelperText>}
      </Box>
    </Stack>
  );
}
