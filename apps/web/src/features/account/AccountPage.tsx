import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useAuth } from '../../lib/auth';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileForm } from './ProfileForm';
import { ProfileSummary } from './ProfileSummary';
import './texts';

/** /user/account: the signed-in admin's profile and password. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const { admin } = useAuth();
  if (!admin) return null;
  return (
    <>
      <PageHeader title={t('title')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          alignItems: 'start',
        }}
      >
        <ProfileSummary admin={admin} />
        <Stack spacing={3}>
          <ProfileForm admin={admin} />
          <ChangePasswordCard />
        </Stack>
      </Box>
    </>
  );
}
