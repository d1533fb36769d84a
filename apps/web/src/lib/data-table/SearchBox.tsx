import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type SearchBoxProps = {
  keyword: string;
  onSearch: (keyword: string) => void;
  /** Wait after the last keystroke; the customers' smart search waits 3000 ms (spec §9). */
  delay: number;
  placeholder?: string;
};

/** A search field that reports its text once the user stops typing, or at once on Enter. */
export const SearchBox = ({ keyword, onSearch, delay, placeholder }: SearchBoxProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);

  // Back/forward can change the keyword from outside; the field follows it.
  useEffect(() => setText(keyword), [keyword]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === keyword) return;
    const timer = setTimeout(() => onSearch(trimmed), delay);
    return () => clearTimeout(timer);
  }, [text, keyword, delay, onSearch]);

  return (
    <TextField
      size="small"
      type="search"
      label={t('table:search')}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        // Enter searches at once instead of waiting out the delay.
        if (event.key === 'Enter' && text.trim() !== keyword) {
          event.preventDefault();
          onSearch(text.trim());
        }
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 260 }}
    />
  );
};
