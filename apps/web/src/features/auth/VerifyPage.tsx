import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';
import { BackToLogin } from './BackToLogin';

/** What the forget-password page hands over: the address asked for, to name it in the text. */
export type VerifyState = { email?: string };

/** /auth/verify: "check your email", the same words whether or not the address is registered. */
export default function VerifyPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verify.title'));
  const email = (useLocation().state as VerifyState | null)?.email;
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Box
        sx={{
          width: 96,
          height: 96,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <MarkEmailReadOutlinedIcon sx={{ fontSize: 48 }} />
      </Box>
      <Typography variant="h3" component="h1">
        {t('verify.title')}
      </Typography>
      <Typography color="text.secondary">
        {email ? t('verify.sentTo', { email }) : t('verify.sent')}
      </Typography>
      <Button component={RouterLink} to="/auth/forget-password" variant="outlined">
        {t('verify.otherAddress')}
      </Button>
      <BackToLogin />
    </Stack>
  );
}
