import { type Language, languages } from '@avlu/contracts';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/use-language';

/** Each language is named in its own words, so a reader can find theirs whatever is shown now. */
export const languageNames: Record<Language, string> = { tr: 'Türkçe', en: 'English' };

function LanguageBadge({ language }: { language: Language }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 28,
        height: 20,
        borderRadius: 0.75,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 11,
        fontWeight: 800,
        letterSpacing: '0.04em',
        // White on the flags' own colours (4.9:1 and 10:1): the theme's contrastText turns dark in dark mode.
        color: '#FFFFFF',
        bgcolor: language === 'tr' ? '#E30A17' : '#1F3A93',
      }}
    >
      {language.toUpperCase()}
    </Box>
  );
}

export function LanguagePopover() {
  const { t } = useTranslation('layout');
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (next: Language) => {
    setAnchor(null);
    void changeLanguage(next);
  };

  return (
    <>
      <IconButton
        aria-label={t('language.button', { code: language.toUpperCase(), name: languageNames[language] })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <LanguageBadge language={language} />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 180, p: 0.5 } } }}
      >
        {languages.map((option) => (
          <MenuItem key={option} selected={option === language} onClick={() => choose(option)} lang={option}>
            <ListItemIcon>
              <LanguageBadge language={option} />
            </ListItemIcon>
            <ListItemText>{languageNames[option]}</ListItemText>
            {option === language && <CheckIcon fontSize="small" color="primary" />}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
