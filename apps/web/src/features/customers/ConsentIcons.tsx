import { type ConsentType, type Customer, consentTypes } from '@avlu/contracts';
import CallOutlinedIcon from '@mui/icons-material/CallOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import GppGoodOutlinedIcon from '@mui/icons-material/GppGoodOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { consentState } from './customers.resource';

export const consentIcons: Record<ConsentType, typeof SmsOutlinedIcon> = {
  sms: SmsOutlinedIcon,
  email: EmailOutlinedIcon,
  call: CallOutlinedIcon,
  kvkk: GppGoodOutlinedIcon,
};

/** The four consents of a row as icons: coloured when given, faint when not, named for screen readers. */
export function ConsentIcons({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center', height: 1 }}>
      {consentTypes.map((type) => {
        const Icon = consentIcons[type];
        const { value } = consentState(customer, type);
        const label = `${t(`consents.types.${type}`)}: ${t(value ? 'consents.state.granted' : 'consents.state.never')}`;
        return (
          <Tooltip key={type} title={label}>
            <Box
              role="img"
              aria-label={label}
              sx={{
                display: 'inline-flex',
                p: 0.375,
                borderRadius: 1,
                color: value ? 'success.main' : 'text.disabled',
                bgcolor: (theme) => (value ? alpha(theme.palette.success.main, 0.12) : 'transparent'),
                opacity: value ? 1 : 0.6,
              }}
            >
              <Icon sx={{ fontSize: 18 }} />
            </Box>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
