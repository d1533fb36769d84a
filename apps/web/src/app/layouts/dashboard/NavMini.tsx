import ButtonBase from '@mui/material/ButtonBase';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { activeSx } from './NavSection';
import { groupContains, isUnder, type NavEntry } from './nav-config';

type Group = Extract<NavEntry, { kind: 'group' }>;

const tileSx = (theme: Theme) => ({
  width: 1,
  flexDirection: 'column',
  gap: 0.5,
  py: 1.25,
  px: 0.5,
  borderRadius: 1.5,
  color: theme.palette.text.secondary,
  '&:hover': { bgcolor: theme.palette.action.hover },
});

function TileLabel({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      sx={{
        fontSize: 10,
        lineHeight: 1.3,
        fontWeight: 600,
        textAlign: 'center',
        width: 1,
        wordBreak: 'break-word',
      }}
    >
      {children}
    </Typography>
  );
}

function MiniGroup({ group }: { group: Group }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Popovers are placed in physical coordinates, so the menu must be told which side is "beside".
  const [near, far] =
    useTheme().direction === 'rtl' ? (['right', 'left'] as const) : (['left', 'right'] as const);
  const Icon = group.icon;
  return (
    <>
      <ButtonBase
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={[tileSx, groupContains(group, pathname) && activeSx]}
      >
        <Icon fontSize="small" />
        <TileLabel>{t(`groups.${group.key}`)}</TileLabel>
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: far }}
        transformOrigin={{ vertical: 'top', horizontal: near }}
        slotProps={{ paper: { sx: { minWidth: 200, p: 0.5, marginInlineStart: 1 } } }}
      >
        {group.items.map((item) => (
          <MenuItem
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={isUnder(pathname, item.path)}
            onClick={() => setAnchor(null)}
          >
            {t(`items.${item.key}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The collapsed sidebar: one tile per entry, a group's screens in a menu beside it. */
export function NavMini({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation(['nav', 'layout']);
  const { pathname } = useLocation();
  return (
    <Stack component="nav" aria-label={t('layout:sidebar.navigation')} spacing={0.5}>
      {entries.map((entry) => {
        if (entry.kind === 'group') return <MiniGroup key={entry.key} group={entry} />;
        const Icon = entry.icon;
        const active = isUnder(pathname, entry.path);
        return (
          <ButtonBase
            key={entry.key}
            component={RouterLink}
            to={entry.path}
            aria-current={active ? 'page' : undefined}
            sx={[tileSx, active && activeSx]}
          >
            <Icon fontSize="small" />
            <TileLabel>{t(`nav:items.${entry.key}`)}</TileLabel>
          </ButtonBase>
        );
      })}
    </Stack>
  );
}
