import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type AdminProfile, useAuth } from '../../../lib/auth';
import { useRoleName } from '../../../lib/permissions';

export const displayName = (admin: AdminProfile) => `${admin.admin_name} ${admin.admin_surname}`.trim();

export const initials = (admin: AdminProfile) =>
  `${admin.admin_name.charAt(0)}${admin.admin_surname.charAt(0)}`.toLocaleUpperCase('tr');

export function AdminAvatar({ admin, size = 40 }: { admin: AdminProfile; size?: number }) {
  return (
    <Avatar
      src={admin.admin_profile_photo ?? undefined}
      alt={displayName(admin)}
      sx={{
        width: size,
        height: size,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
      }}
    >
      {initials(admin)}
    </Avatar>
  );
}

/** Who is signed in and as what: the system admin role reads as "platform admin" (spec §2). */
export function AdminCard({ mini }: { mini: boolean }) {
  const { admin, role } = useAuth();
  const roleName = useRoleName();
  if (!admin) return null;
  const roleLabel = roleName(role?.role_name ?? admin.admin_role_name);

  if (mini) {
    return (
      <Tooltip title={`${displayName(admin)} · ${roleLabel}`} placement="right">
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <AdminAvatar admin={admin} />
        </Box>
      </Tooltip>
    );
  }
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
      }}
    >
      <AdminAvatar admin={admin} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap>
          {displayName(admin)}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {roleLabel}
        </Typography>
      </Box>
    </Box>
  );
}
