import { loyaltyTierTitle } from '@avlu/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { channelName, channels, everyRow } from '../channels/channels.resource';
import { useAllCouponProviders } from '../coupon-providers/coupon-providers.resource';
import { matchesFolded } from '../geo';
import { useAllTiers } from '../loyalty/tiers.resource';
import { categoryName, useAllStoreCategories, useAllStores } from '../stores/stores.resource';

type Picked = { names: Map<string, string>; loading: boolean; failed?: string };
type IdsFieldProps<T extends FieldValues> = BoundFieldProps<T> & { required?: boolean };

/**
 * Several records picked by name, held as their ids; a saved id the list lacks still shows. The
 * pickers of every module's forms (campaigns, point providers) are built on it.
 */
export const IdsField = <T extends FieldValues>({
  name,
  label,
  hint,
  disabled,
  required,
  names,
  loading,
  failed,
}: IdsFieldProps<T> & Picked) => {
  const { t } = useTranslation('campaigns');
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const nameOf = (id: string) => names.get(id) ?? t('form.unknownRecord');
  return (
    <Autocomplete<string, true>
      multiple
      options={[...names.keys()]}
      value={value}
      loading={loading}
      disabled={bound.disabled}
      filterSelectedOptions
      getOptionLabel={nameOf}
      filterOptions={(ids, { inputValue }) => ids.filter((id) => matchesFolded(nameOf(id), inputValue))}
      noOptionsText={names.size ? t('form.noMatch') : t('form.noOptions')}
      loadingText={t('form.loadingOptions')}
      onChange={(_, ids) => field.onChange(ids)}
      onBlur={field.onBlur}
      renderValue={(ids, getItemProps) =>
        ids.map((id, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={nameOf(id)} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={bound.label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? failed ?? (hint && t(hint))}
        />
      )}
    />
  );
};

/** The mall's stores (`GET /data/stores?showAll=true`). */
export const StoresField = <T extends FieldValues>(props: IdsFieldProps<T>) => {
  const { t } = useTranslation('campaigns');
  const stores = useAllStores();
  const names = useMemo(
    () => new Map((stores.data ?? []).map((store) => [store._id, store.store_name])),
    [stores.data],
  );
  return (
    <IdsField<T>
      {...props}
      names={names}
      loading={stores.isPending}
      failed={stores.isError ? t('form.storesUnavailable') : undefined}
    />
  );
};

/** The mall's store categories (`GET /data/categories?showAll=true`), in the screen's language. */
export const CategoriesField = <T extends FieldValues>(props: IdsFieldProps<T>) => {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const categories = useAllStoreCategories();
  const names = useMemo(
    () => new Map((categories.data?.data ?? []).map((row) => [row._id, categoryName(row, language)])),
    [categories.data, language],
  );
  return (
    <IdsField<T>
      {...props}
      names={names}
      loading={categories.isPending}
      failed={categories.isError ? t('form.categoriesUnavailable') : undefined}
    />
  );
};

/** The mall's coupon providers (`GET /campaign/coupon-providers`), a store provider with its kind. */
export const ProvidersField = <T extends FieldValues>(props: IdsFieldProps<T>) => {
  const { t } = useTranslation('campaigns');
  const providers = useAllCouponProviders();
  const names = useMemo(
    () =>
      new Map(
        (providers.data ?? []).map((provider) => [
          provider._id,
          `${provider.coupon_provider_name} (${t(`providerTypes.${provider.coupon_provider_type}`)})`,
        ]),
      ),
    [providers.data, t],
  );
  return (
    <IdsField<T>
      {...props}
      names={names}
      loading={providers.isPending}
      failed={providers.isError ? t('form.providersUnavailable') : undefined}
    />
  );
};

/**
 * The desks that give the campaign's codes (the channels resource); none chosen: every desk. A
 * role without the channels module is not asked for them, and says so.
 */
export const ChannelsField = <T extends FieldValues>(props: IdsFieldProps<T>) => {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const allowed = usePermissions().canUseSubject('modules:customer-registration:channels');
  const list = channels.useList(everyRow, { staleTime: 60_000, retry: false, enabled: allowed });
  const names = useMemo(
    () => new Map((list.data?.data ?? []).map((row) => [row._id, channelName(row, language)])),
    [list.data, language],
  );
  return (
    <IdsField<T>
      {...props}
      names={names}
      loading={allowed && list.isPending}
      failed={!allowed || list.isError ? t('form.channelsUnavailable') : undefined}
    />
  );
};

/** The mall's loyalty tiers (`GET /loyalty-tier`), by their title in the screen's language. */
export const TiersField = <T extends FieldValues>(props: IdsFieldProps<T>) => {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const all = useAllTiers();
  const names = useMemo(
    () => new Map((all.data ?? []).map((row) => [row._id, loyaltyTierTitle(row, language)])),
    [all.data, language],
  );
  return (
    <IdsField<T>
      {...props}
      names={names}
      loading={all.isPending}
      failed={all.isError ? t('resetPoints.tiersUnavailable') : undefined}
    />
  );
};
