import SearchIcon from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../a11y/visually-hidden';

type SearchBoxProps = {
  keyword: string;
  onSearch: (keyword: string) => void;
  /** Wait after the last keystroke; the customers' smart search waits 3000 ms (spec §9). */
  delay: number;
  /** Told whenever typed text starts or stops waiting for its search. */
  onPendingChange: (pending: boolean) => void;
  /** The searched keyword's rows are still on their way. */
  loading: boolean;
  placeholder?: string;
};

/**
 * A search field that reports its text once the user stops typing, or at once on Enter. While the
 * text waits for its search, and while that search loads, a spinner takes the search icon's place
 * and a status line tells screen readers.
 */
export const SearchBox = ({
  keyword,
  onSearch,
  delay,
  onPendingChange,
  loading,
  placeholder,
}: SearchBoxProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const pending = text.trim() !== keyword;

  // Back/forward can change the keyword from outside; the field follows it. A keyword this box
  // searched itself is no such change: the user may have typed on while it was applied.
  const searched = useRef(keyword);
  useEffect(() => {
    if (keyword !== searched.current) setText(keyword);
    searched.current = keyword;
  }, [keyword]);

  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  // The latest onSearch through a ref, so that the table re-rendering (its rows arriving) does not
  // restart the wait.
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  const search = useCallback((next: string) => {
    searched.current = next;
    latestOnSearch.current(next);
  }, []);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => search(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [pending, text, delay, search]);

  const status = pending ? t('table:searchPending') : loading ? t('table:searching') : '';
  return (
    <>
      <TextField
        size="small"
        type="search"
        label={t('table:search')}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once instead of waiting out the delay.
          if (event.key === 'Enter' && pending) {
            event.preventDefault();
            search(text.trim());
          }
        }}
        slotProps={{
          input: {
            // The search icon turns into a spinner meanwhile: feedback without moving anything.
            startAdornment: (
              <InputAdornment position="start" title={status || undefined}>
                {status ? (
                  <CircularProgress size={18} thickness={5} aria-hidden sx={{ mx: '1px' }} />
                ) : (
                  <SearchIcon fontSize="small" />
                )}
              </InputAdornment>
            ),
          },
        }}
        sx={{ minWidth: 260 }}
      />
      <span role="status" style={visuallyHidden}>
        {status}
      </span>
    </>
  );
};
