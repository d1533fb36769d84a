import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { groupContains, isUnder, type NavEntry } from './nav-config';

type Group = Extract<NavEntry, { kind: 'group' }>;

/** Text on the primary tint of the current entry: a step darker (lighter in dark mode) than the
 * primary colour, which keeps 4.5:1 on the page but not on its own tint (palette.test.ts). */
export const activeTextColor = (theme: Theme) =>
  theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark;

/** The current screen's entry is tinted with the primary colour. */
export const activeSx = (theme: Theme) => ({
  color: activeTextColor(theme),
  bgcolor: alpha(theme.palette.primary.main, 0.08),
  '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.16) },
});

function NavGroup({ group, onNavigate }: { group: Group; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const containsCurrent = groupContains(group, pathname);
  const [open, setOpen] = useState(containsCurrent);
  const listId = `nav-group-${group.key}`;

  // Arriving in a group's section from elsewhere (a link, the back button) unfolds it.
  useEffect(() => {
    if (containsCurrent) setOpen(true);
  }, [containsCurrent]);

  const Icon = group.icon;
  return (
    <li>
      <ListItemButton
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        sx={{ minHeight: 44, mb: 0.5 }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: containsCurrent ? 'primary.main' : 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={t(`groups.${group.key}`)}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: containsCurrent ? 700 : 500 } } }}
        />
        <KeyboardArrowDownIcon
          fontSize="small"
          sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
        />
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List id={listId} disablePadding sx={{ mb: 1 }}>
          {group.items.map((item) => {
            const active = isUnder(pathname, item.path);
            return (
              <li key={item.path}>
                <ListItemButton
                  component={RouterLink}
                  to={item.path}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  sx={[{ minHeight: 38, paddingInlineStart: 2, mb: 0.25 }, active && activeSx]}
                >
                  <Box
                    aria-hidden
                    sx={{
                      width: 6,
                      height: 6,
                      borderRadius: '50%',
                      marginInlineStart: 1.25,
                      marginInlineEnd: 2.5,
                      bgcolor: active ? 'primary.main' : 'text.disabled',
                      transform: active ? 'scale(1.4)' : 'none',
                    }}
                  />
                  <ListItemText
                    primary={t(`items.${item.key}`)}
                    slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 600 : 400 } } }}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </Collapse>
    </li>
  );
}

/** The full sidebar menu: single screens as links, groups that fold open. */
export function NavSection({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation(['nav', 'layout']);
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={t('layout:sidebar.navigation')}>
      <List disablePadding>
        {entries.map((entry) => {
          if (entry.kind === 'group')
            return <NavGroup key={entry.key} group={entry} onNavigate={onNavigate} />;
          const active = isUnder(pathname, entry.path);
          const Icon = entry.icon;
          return (
            <li key={entry.key}>
              <ListItemButton
                component={RouterLink}
                to={entry.path}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                sx={[{ minHeight: 44, mb: 0.5 }, active && activeSx]}
              >
                <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={t(`nav:items.${entry.key}`)}
                  slotProps={{ primary: { variant: 'body2', sx: { fontWeight: active ? 700 : 500 } } }}
                />
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Box>
  );
}
