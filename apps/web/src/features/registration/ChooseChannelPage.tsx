import type { Channel } from '@avlu/contracts';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { channelDescription, channelName, useAllChannelTypes } from '../channels/channels.resource';
import { useEntryChannels } from './registration.resource';

const cards = {
  display: 'grid',
  gap: 3,
  // As many cards of at least 360 px as fit: the buttons keep one line each, wrapping as a whole.
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(360px, 1fr))' },
} as const;

function ChannelCard({ channel, typeNames }: { channel: Channel; typeNames: Map<string, string> }) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const name = channelName(channel, language);
  // A role without the channel-tags screen cannot read the tag names; the cards go without them.
  const tags = channel.channel_types.flatMap((id) => typeNames.get(id) ?? []);
  return (
    <Card component="article" aria-label={name} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar variant="rounded" sx={{ bgcolor: 'primary.lighter', color: 'primary.main' }}>
            <StorefrontOutlinedIcon />
          </Avatar>
          <Typography variant="h6" component="h2" sx={{ minWidth: 0 }} noWrap>
            {name}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 40 }}>
          {channelDescription(channel, language)}
        </Typography>
        {tags.length > 0 && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 2 }}>
            {tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
          </Stack>
        )}
      </CardContent>
      <CardActions
        disableSpacing
        sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap', '& > a': { whiteSpace: 'nowrap' } }}
      >
        <Button
          component={RouterLink}
          to={`/registration/customer/by-phone/${channel._id}`}
          variant="contained"
          startIcon={<PhoneInTalkOutlinedIcon />}
          aria-label={`${t('choose.byPhone')}: ${name}`}
        >
          {t('choose.byPhone')}
        </Button>
        <Button
          component={RouterLink}
          to={`/registration/customer/new/${channel._id}`}
          startIcon={<PersonAddAltOutlinedIcon />}
          aria-label={`${t('choose.new')}: ${name}`}
        >
          {t('choose.new')}
        </Button>
        <Button
          component={RouterLink}
          to={`/registration/customer/coupons/${channel._id}`}
          startIcon={<ConfirmationNumberOutlinedIcon />}
          aria-label={`${t('choose.coupons')}: ${name}`}
        >
          {t('choose.coupons')}
        </Button>
        {channel.channel_cdp_receipt_entry && (
          <Button
            component={RouterLink}
            to={`/registration/customer/receipts/new/${channel._id}`}
            startIcon={<ReceiptLongOutlinedIcon />}
            aria-label={`${t('choose.receipts')}: ${name}`}
          >
            {t('choose.receipts')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/**
 * /registration/customer: the desk picks the channel it registers through (open, with data entry on),
 * whose campaigns' codes it gives, or (with receipt entry on) whose receipts it enters.
 */
export default function ChooseChannelPage() {
  const { t } = useTranslation('registration');
  const { canVisit } = usePermissions();
  const list = useEntryChannels();
  // Tag names need the channel-tags permission; without it the cards go without them.
  const types = useAllChannelTypes({ enabled: canVisit('/registration/channel-tags') });
  const typeNames = new Map((types.data?.data ?? []).map((row) => [row._id, row.channel_type_name]));
  const open = list.data ?? [];

  let body: ReactNode;
  if (list.isError) body = <Alert severity="error">{list.error.message}</Alert>;
  else if (list.isPending)
    body = (
      <Box sx={cards}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} variant="rounded" height={200} />
        ))}
      </Box>
    );
  else if (open.length === 0)
    body = (
      <Alert
        severity="info"
        action={
          canVisit('/registration/channels') && (
            <Button color="inherit" size="small" component={RouterLink} to="/registration/channels">
              {t('choose.manageChannels')}
            </Button>
          )
        }
      >
        {t('choose.none')}
      </Alert>
    );
  else
    body = (
      <Box sx={cards}>
        {open.map((channel) => (
          <ChannelCard key={channel._id} channel={channel} typeNames={typeNames} />
        ))}
      </Box>
    );

  return (
    <>
      <PageHeader title={t('choose.title')} crumbs={[{ label: t('group') }, { label: t('choose.crumb') }]} />
      <Typography color="text.secondary" sx={{ mb: 3, mt: -2 }}>
        {t('choose.intro')}
      </Typography>
      {body}
    </>
  );
}
