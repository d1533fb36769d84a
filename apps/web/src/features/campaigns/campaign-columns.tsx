import { type Campaign, type CampaignState, campaignStateAt } from '@avlu/contracts';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Avatar from '@mui/material/Avatar';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { campaignName } from './campaigns.resource';

export const stateColors: Record<CampaignState, ChipProps['color']> = {
  to_be_published: 'default',
  published: 'info',
  activated: 'success',
  ended: 'warning',
  archived: 'default',
};

export function StateChip({ state }: { state: CampaignState }) {
  const { t } = useTranslation('campaigns');
  return (
    <Chip
      size="small"
      variant={state === 'activated' ? 'filled' : 'outlined'}
      color={stateColors[state]}
      label={t(`states.${state}`)}
    />
  );
}

/**
 * The columns both campaign lists show: the first image beside the name in the screen's language,
 * the type, the dates (spec §9 'DD MMMM YYYY') and the state at this moment (`campaignStateAt`).
 * `more` are the list's own columns (the QR switch), put before the state.
 */
export const useCampaignColumns = (more: GridColDef<Campaign>[] = []): GridColDef<Campaign>[] => {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  return useMemo(() => {
    const date = (field: 'campaign_start_date' | 'campaign_end_date' | 'campaign_archive_date') =>
      ({
        field,
        width: 130,
        valueFormatter: (value: string) => formatDate(value),
      }) satisfies GridColDef<Campaign>;
    const now = new Date();
    return [
      {
        // Sorting follows the name on screen: the server sorts either language's name.
        field: language === 'en' ? 'campaign_name_en' : 'campaign_name',
        headerName: t('list.name'),
        flex: 1,
        minWidth: 220,
        renderCell: ({ row }): ReactNode => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1, minWidth: 0 }}>
            <Avatar
              variant="rounded"
              src={row.campaign_images[0]}
              alt=""
              sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.disabled' }}
            >
              <ImageOutlinedIcon fontSize="small" />
            </Avatar>
            <Typography variant="subtitle2" noWrap>
              {campaignName(row, language)}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'campaign_type',
        width: 140,
        valueFormatter: (value: Campaign['campaign_type']) => t(`types.${value}`),
      },
      date('campaign_start_date'),
      date('campaign_end_date'),
      ...more,
      {
        field: 'campaign_status',
        headerName: t('list.state'),
        width: 120,
        renderCell: ({ row }) => <StateChip state={campaignStateAt(row, now)} />,
      },
    ];
    // `t` changes with the language, which re-formats the dates.
  }, [t, language, more]);
};
