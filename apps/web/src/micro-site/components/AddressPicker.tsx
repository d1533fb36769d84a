import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
import { useSession } from '../lib/session';
import { Field } from './Field';
import { SelectField } from './SelectField';

type Place = { _id: string; name?: string };
type Names = { customer_province: string; customer_district: string; customer_locality: string };

/**
 * Where the micro-site reads the address lookups: the back-office's /geo answers staff only, so the
 * micro-site asks for the same lookups under /ext with the mall's token. Without them (a server
 * that does not offer them) the three fields are plain text.
 */
export const GEO_BASE = '/ext/geo';
const PAGE = 100;

const usePlaces = (path: string | null) => {
  const { api } = useSession();
  const [state, setState] = useState<{ path: string | null; places: Place[] | null; failed: boolean }>({
    path: null,
    places: null,
    failed: false,
  });
  useEffect(() => {
    if (!path) return;
    let live = true;
    const load = async () => {
      const all: Place[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await api.get<Place[]>(
          `${path}${path.includes('?') ? '&' : '?'}skip=${skip}&limit=${PAGE}`,
        );
        all.push(...page);
        if (page.length < PAGE) return all;
      }
    };
    load().then(
      (places) => live && setState({ path, places, failed: false }),
      () => live && setState({ path, places: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [api, path]);
  const current = state.path === path;
  return { places: current ? state.places : null, failed: current && state.failed };
};

const idOf = (places: Place[] | null, name: string) =>
  name ? places?.find((place) => place.name === name)?._id : undefined;

type PlaceFieldProps = {
  label: string;
  name: string;
  value: string;
  options: Place[] | null;
  /** The parent is not chosen yet: the field is locked and says why. */
  waiting?: string | null;
  onPick: (value: string) => void;
};

/** One level of the chain as the phone's own picker (a native select). */
function PlaceField({ label, name, value, options, waiting, onPick }: PlaceFieldProps) {
  const names = [...new Set((options ?? []).map((place) => place.name).filter((n): n is string => !!n))];
  // A stored name the lookups no longer list stays shown rather than lost.
  if (value && !names.includes(value)) names.unshift(value);
  return (
    <SelectField
      label={label}
      name={name}
      value={value}
      onChange={onPick}
      disabled={Boolean(waiting)}
      helperText={waiting}
      placeholder={options === null && !waiting ? '…' : ''}
      options={names.map((option) => ({ value: option, label: option }))}
    />
  );
}

/**
 * Province → district → neighbourhood (spec §4): a new province clears the district and the
 * neighbourhood, a new district clears the neighbourhood, and each waits for its parent.
 */
export function AddressPicker({
  province,
  district,
  locality,
  onChange,
}: {
  province: string;
  district: string;
  locality: string;
  onChange: (patch: Partial<Names>) => void;
}) {
  const { t } = useT();
  const cities = usePlaces(`${GEO_BASE}/cities?fields=name`);
  const cityId = idOf(cities.places, province);
  const towns = usePlaces(cityId ? `${GEO_BASE}/cities/${cityId}/towns?fields=name` : null);
  const townId = idOf(towns.places, district);
  const neighborhoods = usePlaces(
    townId ? `${GEO_BASE}/towns/${townId}/neighborhoods?fields=name,district,zip_code` : null,
  );

  if (cities.failed) {
    const text = (name: keyof Names, label: string) => (
      <Field
        label={label}
        name={name}
        value={
          { customer_province: province, customer_district: district, customer_locality: locality }[name]
        }
        onChange={(value) => onChange({ [name]: value })}
        htmlInput={{ maxLength: 100 }}
      />
    );
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {text('customer_province', t('fields.province'))}
        {text('customer_district', t('fields.district'))}
        {text('customer_locality', t('fields.locality'))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PlaceField
        label={t('fields.province')}
        name="customer_province"
        value={province}
        options={cities.places}
        onPick={(value) =>
          value !== province &&
          onChange({ customer_province: value, customer_district: '', customer_locality: '' })
        }
      />
      <PlaceField
        label={t('fields.district')}
        name="customer_district"
        value={district}
        options={towns.places}
        waiting={province ? null : t('fields.chooseProvince')}
        onPick={(value) =>
          value !== district && onChange({ customer_district: value, customer_locality: '' })
        }
      />
      <PlaceField
        label={t('fields.locality')}
        name="customer_locality"
        value={locality}
        options={neighborhoods.places}
        waiting={district ? null : t('fields.chooseDistrict')}
        onPick={(value) => onChange({ customer_locality: value })}
      />
    </Box>
  );
}
