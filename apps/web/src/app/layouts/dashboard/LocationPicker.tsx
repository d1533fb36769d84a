import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { session } from '../../../lib/session/storage';

/**
 * Picks the current mall among the admin's locations. Every cached list and open form belongs to the
 * old location, so the page reloads rather than trying to refresh each of them (spec §2).
 */
export function LocationPicker() {
  const { t } = useTranslation('layout');
  const locations = session.locations();
  const currentId = session.currentLocationId() ?? '';
  if (locations.length === 0) return null;

  const choose = (id: string) => {
    const location = locations.find((candidate) => candidate._id === id);
    if (!location || id === currentId) return;
    session.setCurrentLocation(location);
    window.location.reload();
  };

  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('sidebar.location')}
      value={locations.some((location) => location._id === currentId) ? currentId : ''}
      onChange={(event) => choose(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <StorefrontOutlinedIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    >
      {locations.map((location) => (
        <MenuItem key={location._id} value={location._id}>
          {location.location_name}
        </MenuItem>
      ))}
    </TextField>
  );
}
