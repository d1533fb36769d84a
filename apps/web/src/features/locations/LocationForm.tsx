import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormUploadField, useUploadProgress } from '../../components/upload-field';
import { Form, SelectField, SubmitButton, SwitchField, TextField, useZodForm } from '../../lib/form';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageUrl } from '../account/upload-image';
import { type LocationFormInput, type LocationFormValues, locationForm } from './locations.resource';
import './texts';

const appLinks = ['androidApp', 'androidStore', 'iosApp', 'iosStore'] as const;

/** Every IANA zone the browser knows, with the saved one kept even if this browser lacks it. */
const useTimezones = (current: string | undefined) =>
  useMemo(() => {
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    zones.add(DEFAULT_TIMEZONE);
    if (current) zones.add(current);
    return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  }, [current]);

function AppLinkFields() {
  const hasMobileApp = useWatch<LocationFormInput, 'hasMobileApp'>({ name: 'hasMobileApp' });
  return (
    <>
      {hasMobileApp &&
        appLinks.map((key) => <TextField key={key} name={`location_app_links.${key}`} type="url" />)}
      <TextField name="location_app_links.fallbackUrl" type="url" />
    </>
  );
}

type LocationFormProps = {
  defaultValues: LocationFormInput;
  /** Receives the values with the logo already uploaded (its URL). */
  onSubmit: (
    values: LocationFormValues & { location_logo: { thumbnail: string | null } },
  ) => Promise<unknown>;
};

/** Name, time zone, logo and app of a mall, for /settings/locations/new and …/edit. */
export function LocationForm({ defaultValues, onSubmit }: LocationFormProps) {
  const { t } = useTranslation('locations');
  const form = useZodForm(locationForm, { defaultValues });
  const upload = useUploadProgress();
  const timezones = useTimezones(defaultValues.location_meta?.timezone);

  const submit = async (values: LocationFormValues) => {
    const thumbnail = await imageUrl(values.location_logo.thumbnail, upload.onProgress).finally(upload.reset);
    await onSubmit({ ...values, location_logo: { thumbnail } });
  };

  return (
    <Card sx={{ p: 3 }}>
      <Form form={form} labels="locations" onSubmit={submit}>
        <TextField name="location_name" />
        <SelectField name="location_meta.timezone" options={timezones} />
        <FormUploadField
          name="location_logo.thumbnail"
          accept={IMAGE_ACCEPT}
          maxSize={IMAGE_MAX_BYTES}
          progress={upload.percent}
        />
        <Divider />
        <Stack spacing={0.5}>
          <Typography variant="subtitle1" component="h2">
            {t('appLinks')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('appLinksHint')}
          </Typography>
        </Stack>
        <SwitchField name="hasMobileApp" />
        <AppLinkFields />
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
