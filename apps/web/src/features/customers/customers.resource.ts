import {
  type ConsentType,
  type Customer,
  type CustomerExportBody,
  type CustomerImportResult,
  type CustomerListQuery,
  customer,
  customerCount,
  customerImportResult,
  customerProfile,
  type MarketingPermission,
  optInStartResult,
  type SegmentFilter,
} from '@avlu/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiError, api, type DownloadProgress, type UploadProgress } from '../../lib/api';
import { defineResource, type RequestSpec } from '../../lib/resource';

export type CustomerProfile = z.infer<typeof customerProfile>;

/**
 * Customers of the current mall (spec §7 "Customers"). The list is `POST /customer/filter`; with a
 * keyword it is the smart search, `POST /customer/smart-search`, with the same body.
 */
export const customers = defineResource<Customer, never, CustomerListQuery>({
  name: 'customers',
  path: '/customer',
  item: customer,
  list: (query): RequestSpec => ({
    method: 'POST',
    path: query.keyword ? '/customer/smart-search' : '/customer/filter',
    body: query,
  }),
  get: (id) => ({ method: 'GET', path: `/customer/profile/${id}` }),
  remove: (id) => ({ method: 'DELETE', path: `/customer/profile/${id}` }),
  messages: { removed: 'customers:detail.removed' },
});

/** GET /customer/profile/{id}: the customer with consents and their history, newest first. */
export const useCustomerProfile = (id: string | undefined) =>
  useQuery<CustomerProfile, ApiError>({
    queryKey: customers.keys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/customer/profile/${id}`, { schema: customerProfile, signal, dedupe: false }),
    enabled: Boolean(id),
  });

/** Puts a changed profile the server answered into the cache, and marks lists stale. */
const useProfileAnswer = () => {
  const queryClient = useQueryClient();
  return async (profile: CustomerProfile) => {
    queryClient.setQueryData(customers.keys.detail(profile._id), profile);
    await queryClient.invalidateQueries({ queryKey: customers.keys.lists() });
  };
};

/** POST /customer/profile/{id}/marketing-permissions: grant or revoke one consent. */
export const useSetConsent = () => {
  const store = useProfileAnswer();
  return customers.useAction(
    async ({ id, ...body }: MarketingPermission & { id: string }) => {
      const profile = await api.post(`/customer/profile/${id}/marketing-permissions`, body, {
        schema: customerProfile,
      });
      await store(profile);
      return profile;
    },
    { success: 'customers:consents.saved', invalidates: () => [] },
  );
};

/**
 * POST /customer/profile/{id}/opt-in: sends the customer a link and a code to confirm the SMS or
 * email consent themselves (double opt-in); the consent changes only when they confirm.
 */
export const useStartOptIn = () =>
  customers.useAction(
    ({ id, channel }: { id: string; channel: 'sms' | 'email' }) =>
      api.post(`/customer/profile/${id}/opt-in`, { channel }, { schema: optInStartResult }),
    { success: 'customers:consents.optInSent', invalidates: () => [] },
  );

/** PUT /customer/profile/{id}/developer: mark or unmark a test account. */
export const useSetDeveloper = () => {
  const store = useProfileAnswer();
  return customers.useAction(
    async ({ id, value }: { id: string; value: boolean }) => {
      const profile = await api.put(
        `/customer/profile/${id}/developer`,
        { value },
        { schema: customerProfile },
      );
      await store(profile);
      return profile;
    },
    { success: 'customers:detail.developerSaved', invalidates: () => [] },
  );
};

/** POST /customer/profile/{id}/reactivate: brings a deleted customer back within the retention period. */
export const useReactivate = () => {
  const store = useProfileAnswer();
  return customers.useAction(
    async (id: string) => {
      const profile = await api.post(`/customer/profile/${id}/reactivate`, undefined, {
        schema: customerProfile,
      });
      await store(profile);
      return profile;
    },
    { success: 'customers:detail.reactivated', invalidates: () => [] },
  );
};

/** POST /customer/count: how many customers the filter holds (the keyword does not narrow it). */
export const useCustomerCount = (filter: SegmentFilter) =>
  useQuery<z.infer<typeof customerCount>, ApiError, number>({
    queryKey: [...customers.keys.all, 'count', filter] as const,
    queryFn: ({ signal }) =>
      api.post('/customer/count', { filter }, { schema: customerCount, signal, dedupe: false }),
    select: (answer) => answer.count,
    placeholderData: keepPreviousData,
  });

/** POST /customer/check/phone: the mall's customer with this (E.164) phone, or 404 CUSTOMER_NOT_FOUND. */
export const checkPhone = (customer_phone: string) =>
  api.post('/customer/check/phone', { customer_phone }, { schema: customer });

/** POST /customer/export: the filtered list as an xlsx (save it with `useExport`). */
export const exportCustomers = (body: CustomerExportBody, onProgress: (progress: DownloadProgress) => void) =>
  api.download('POST', '/customer/export', { body, onProgress, filename: 'customers.xlsx' });

/** POST /customer/import (multipart, field customer_data): adds the rows of an xlsx. */
export const importCustomers = (file: File, onProgress: (progress: UploadProgress) => void) => {
  const body = new FormData();
  body.append('customer_data', file);
  return api.upload<CustomerImportResult>('POST', '/customer/import', body, {
    schema: customerImportResult,
    onProgress,
  });
};

export const fullName = (row: Pick<Customer, 'customer_name' | 'customer_surname'>) =>
  [row.customer_name, row.customer_surname].filter(Boolean).join(' ');

/** The consent columns of a customer, by consent type. */
export const consentState = (row: Customer, type: ConsentType) => {
  const fields = {
    sms: ['customer_sms_permission', 'customer_sms_permission_date'],
    email: ['customer_email_permission', 'customer_email_permission_date'],
    call: ['customer_call_permission', 'customer_call_permission_date'],
    kvkk: ['customer_kvkk_permission', 'customer_kvkk_permission_date'],
  } as const;
  const [value, date] = fields[type];
  return { value: row[value], date: row[date] };
};

/** Spec §5: the phone as people read it, the same everywhere (contracts' `displayPhone`). */
export { displayPhone } from '@avlu/contracts';
