import type { AdminProfile } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AdminAvatar } from '../../app/layouts/dashboard/AdminCard';
import { useAuth } from '../../lib/auth';
import { useRoleName } from '../../lib/permissions';
import './texts';

/** Who the admin is, with what only another admin may change: email, role, malls. */
export function ProfileSummary({ admin }: { admin: AdminProfile }) {
  const { t } = useTranslation(['account', 'layout']);
  const { role } = useAuth();
  const roleName = useRoleName()(role?.role_name ?? admin.admin_role_name);
  return (
    <Card sx={{ p: 3 }}>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <AdminAvatar admin={admin} size={96} />
        <Stack spacing={0.5}>
          <Typography variant="h6" component="p">{`${admin.admin_name} ${admin.admin_surname}`}</Typography>
          <Typography variant="body2" color="text.secondary">
            {admin.admin_email}
          </Typography>
        </Stack>
        <Stack spacing={1} sx={{ width: 1, alignItems: 'flex-start', textAlign: 'left' }}>
          <Typography variant="overline" color="text.secondary">
            {t('profile.role')}
          </Typography>
          <Chip color="primary" label={roleName} />
          <Typography variant="overline" color="text.secondary">
            {t('profile.locations')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {admin.admin_locations.map((location) => (
              <Chip key={location._id} variant="outlined" label={location.location_name} />
            ))}
          </Stack>
        </Stack>
        <Alert severity="info" sx={{ textAlign: 'left' }}>
          {t('profile.readOnly')}
        </Alert>
      </Stack>
    </Card>
  );
}
