import { type Channel, type Customer, isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useLanguage } from '../../lib/i18n/use-language';
import { channelName, takesRegistrations } from '../channels/channels.resource';
import { FoundCustomer, PhoneLookup } from './CustomerLookup';
import { useEntryChannel } from './registration.resource';

type ChannelFrameProps = {
  title: string;
  /** Whether the page works through the channel: by default, when it takes registrations. */
  accepts?: (channel: Channel) => boolean;
  /** What a channel the page does not work through is told with (an i18n key). */
  closedMessage?: string;
  /** The page itself, once its channel is known to be one it works through. */
  children: (channel: Channel) => ReactNode;
};

/**
 * The frame of a page working through one channel (`…/{channelId}`): the header names the channel
 * (GET /customer/channel/{id}); an unknown or closed channel says so and offers the way back.
 */
export function ChannelFrame({
  title,
  accepts = takesRegistrations,
  closedMessage = 'errors:CHANNEL_CLOSED',
  children,
}: ChannelFrameProps) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const { channelId } = useParams();
  const valid = isObjectId(channelId);
  const channel = useEntryChannel(valid ? channelId : undefined);
  const name = channel.data && channelName(channel.data, language);

  let problem: string | undefined;
  if (!valid) problem = t('errors:NOT_FOUND');
  else if (channel.isError) problem = channel.error.message;
  else if (channel.data && !accepts(channel.data)) problem = t(closedMessage);

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('group') },
          { label: t('choose.crumb'), to: '/registration/customer' },
          ...(name ? [{ label: name }] : []),
          { label: title },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/registration/customer">
            {t('backToChannels')}
          </Button>
        </Stack>
      ) : channel.data ? (
        children(channel.data)
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}

type DeskCustomerFrameProps = Omit<ChannelFrameProps, 'children'> & {
  /** What the phone lookup tells the desk it is for. */
  lookupIntro: string;
  /** The page's work for the customer found, beside their card. */
  children: (channel: Channel, customer: Customer) => ReactNode;
};

/**
 * A desk page working for one customer through its channel: first the customer is found by phone
 * (PhoneLookup), then their card (FoundCustomer, with "another customer") stands beside the page's
 * work for them, which starts afresh for each customer.
 */
export function DeskCustomerFrame({ lookupIntro, children, ...frame }: DeskCustomerFrameProps) {
  const [found, setFound] = useState<Customer | null>(null);
  return (
    <ChannelFrame {...frame}>
      {(channel) =>
        found ? (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: '320px minmax(0, 1fr)' },
              alignItems: 'start',
            }}
          >
            <FoundCustomer customer={found} onAgain={() => setFound(null)} />
            <Box key={found._id} sx={{ minWidth: 0 }}>
              {children(channel, found)}
            </Box>
          </Box>
        ) : (
          <PhoneLookup channel={channel} onFound={setFound} intro={lookupIntro} />
        )
      }
    </ChannelFrame>
  );
}
