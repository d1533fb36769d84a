import { GAME_LIMITS, type GameRightsBalance, gameRightsGiveBody } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStatePanel } from '../../lib/data-table/EmptyOverlay';
import { Form, NumberField, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDate } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { campaignName } from '../campaigns/campaigns.resource';
import { useGameRights, useGiveGameRights } from './customer-mechanics.resource';
import { gameRightsSubjects } from './mechanics-access';
import './mechanics-texts';

const figures = ['earned', 'given', 'spent', 'left'] as const;
const figureOf = {
  earned: 'game_rights_earned',
  given: 'game_rights_given',
  spent: 'game_rights_spent',
  left: 'game_rights_left',
} as const satisfies Record<(typeof figures)[number], keyof GameRightsBalance>;

/**
 * Staff give rights to play with a reason (audited by the server): the campaign (the running games the
 * tab lists), how many and why. A refusal shows under its field, in the server's words.
 */
function GiveDialog({
  customerId,
  campaigns,
  onClose,
}: {
  customerId: string;
  campaigns: GameRightsBalance[];
  onClose: () => void;
}) {
  const { t } = useTranslation('customer-mechanics');
  const language = useLanguage();
  const titleId = useId();
  const give = useGiveGameRights();
  const form = useZodForm(gameRightsGiveBody, {
    defaultValues: {
      // One game running: nothing to choose.
      ...(campaigns.length === 1 && { campaign_id: campaigns[0]!.campaign_id }),
      game_right_count: 1,
      game_right_reason: '',
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('games.giveTitle')}</DialogTitle>
      <DialogContent>
        <Form
          form={form}
          labels="customer-mechanics"
          warnOnLeave={false}
          onSubmit={async (body) => {
            await give.mutateAsync({ customerId, body });
            onClose();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('games.giveIntro')}
          </Typography>
          <SelectField
            name="campaign_id"
            autoFocus={campaigns.length > 1}
            options={campaigns.map((campaign) => ({
              value: campaign.campaign_id,
              label: `${campaignName(campaign, language)} (${t(`campaigns:types.${campaign.campaign_type}`)})`,
            }))}
          />
          <NumberField
            name="game_right_count"
            autoFocus={campaigns.length <= 1}
            slotProps={{
              htmlInput: { min: GAME_LIMITS.rightCount.min, max: GAME_LIMITS.rightCount.max, step: 1 },
            }}
          />
          <TextField
            name="game_right_reason"
            multiline
            minRows={2}
            hint="customer-mechanics:games.reasonHint"
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <SubmitButton>{t('games.give')}</SubmitButton>
          </Stack>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The customer detail's game rights tab (spec §2's wheel-of-fortune rights; issue 15 #2): each running
 * wheel of fortune and scratch card campaign of the mall with the customer's rights earned from
 * receipts, given by staff, spent and left (`GET /customer/wof-rights/{customerId}`), and staff giving
 * rights, to the roles the route lets do it.
 */
export default function CustomerGameRights({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customer-mechanics');
  const language = useLanguage();
  const { canUseSubject } = usePermissions();
  const mayGive = gameRightsSubjects.some((subject) => canUseSubject(subject));
  const [giving, setGiving] = useState(false);
  const rights = useGameRights(customerId);
  const number = new Intl.NumberFormat(language);
  const label = t('games.label');

  if (rights.isError) return <Alert severity="error">{rights.error.message}</Alert>;
  if (!rights.data) return <Skeleton variant="rounded" height={120} />;
  if (rights.data.length === 0) return <EmptyStatePanel label={label} text={t('games.empty')} />;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
          {t('games.intro')}
        </Typography>
        {mayGive && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setGiving(true)}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('games.give')}
          </Button>
        )}
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>{t('games.columns.campaign')}</TableCell>
              <TableCell>{t('games.columns.type')}</TableCell>
              {figures.map((figure) => (
                <TableCell key={figure} align="right">
                  {t(`games.columns.${figure}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t('games.columns.plays')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rights.data.map((row) => (
              <TableRow key={row.campaign_id} hover>
                <TableCell component="th" scope="row" sx={{ minWidth: 180 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {campaignName(row, language)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('games.until', { date: formatDate(row.campaign_end_date) })}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {t(`campaigns:types.${row.campaign_type}`)}
                </TableCell>
                {figures.map((figure) => (
                  <TableCell
                    key={figure}
                    align="right"
                    sx={figure === 'left' ? { fontWeight: 700 } : undefined}
                  >
                    {number.format(row[figureOf[figure]])}
                  </TableCell>
                ))}
                <TableCell align="right">
                  {t('games.playsWins', {
                    plays: number.format(row.game_plays),
                    wins: number.format(row.game_wins),
                  })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {giving && (
        <GiveDialog customerId={customerId} campaigns={rights.data} onClose={() => setGiving(false)} />
      )}
    </Stack>
  );
}
