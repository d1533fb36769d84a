import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { useConfirmLeave } from '../../../lib/form/leave-guard';
import { usePermissions } from '../../../lib/permissions';
import { AdminAvatar, displayName, initials } from './AdminCard';
import { ACCOUNT_POPOVER_WIDTH } from './layout-config';

/** The account menu's links (spec §2); each shows only when the role may open the page. */
const accountLinks = [
  { key: 'profile', path: '/user/account' },
  { key: 'invitations', path: '/user/invitations' },
  { key: 'users', path: '/user/users' },
  { key: 'roles', path: '/user/roles' },
] as const;

export function AccountPopover() {
  const { t } = useTranslation('layout');
  const { admin, logout } = useAuth();
  const { canVisit } = usePermissions();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const confirmLeave = useConfirmLeave();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!admin) return null;

  const close = () => setAnchor(null);
  const signOut = async () => {
    close();
    if (!(await confirmLeave())) return;
    try {
      await logout();
      navigate('/', { replace: true });
    } catch {
      enqueueSnackbar(t('account.logoutFailed'), { variant: 'error' });
    }
  };

  return (
    <>
      <IconButton
        aria-label={
          admin.admin_profile_photo ? t('account.label') : t('account.button', { initials: initials(admin) })
        }
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.25, border: 2, borderColor: anchor ? 'primary.main' : 'transparent' }}
      >
        <AdminAvatar admin={admin} size={36} />
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: ACCOUNT_POPOVER_WIDTH, mt: 1 },
            role: 'dialog',
            'aria-label': t('account.label'),
          },
        }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="subtitle2" noWrap>
            {displayName(admin)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {admin.admin_email}
          </Typography>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <MenuList sx={{ p: 1 }}>
          {accountLinks
            .filter((link) => canVisit(link.path))
            .map((link) => (
              <MenuItem key={link.key} component={RouterLink} to={link.path} onClick={close}>
                {t(`account.${link.key}`)}
              </MenuItem>
            ))}
        </MenuList>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <MenuList sx={{ p: 1 }}>
          <MenuItem onClick={signOut} sx={{ color: 'error.main', gap: 1, fontWeight: 600 }}>
            <LogoutOutlinedIcon fontSize="small" />
            {t('account.logout')}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
