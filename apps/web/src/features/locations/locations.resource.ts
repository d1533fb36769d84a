import {
  type LocationSettings,
  type LocationSettingsInput,
  locationAppLinks,
  locationSettings,
  locationSettingsInput,
} from '@avlu/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';
import { imageValue } from '../account/upload-image';

/** Mall settings for the system admin: GET/POST /core/locations, GET/PUT /core/locations/{id}. */
export const locations = defineResource<LocationSettings, LocationSettingsInput>({
  name: 'locations',
  path: '/core/locations',
  item: locationSettings,
  input: locationSettingsInput,
});

/** POST /core/locations/{id}/token: a new micro-site token; the old address stops working. */
export const renewToken = (id: string) =>
  api.post(`/core/locations/${id}/token`, undefined, { schema: locationSettings });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const link = (schema: (typeof locationAppLinks.shape)[keyof typeof locationAppLinks.shape]) =>
  z.preprocess(blankToNull, schema);

/** The settings form: the contracts input, with an emptied link meaning none and the logo uploaded on save. */
export const locationForm = locationSettingsInput.extend({
  location_logo: z.strictObject({ thumbnail: imageValue }),
  location_app_links: z.strictObject({
    androidApp: link(locationAppLinks.shape.androidApp),
    androidStore: link(locationAppLinks.shape.androidStore),
    iosApp: link(locationAppLinks.shape.iosApp),
    iosStore: link(locationAppLinks.shape.iosStore),
    fallbackUrl: link(locationAppLinks.shape.fallbackUrl),
  }),
});
export type LocationFormInput = z.input<typeof locationForm>;
export type LocationFormValues = z.output<typeof locationForm>;

export const microSiteUrl = (token: string) => `${window.location.origin}/micro-site/${token}`;
