import {
  type EmailNotification,
  type EmailNotificationInput,
  emailNotification,
  emailNotificationInput,
  type MallPost,
  type MallPostInput,
  type MobilePage,
  type MobilePageInput,
  mallPost,
  mallPostInput,
  mobilePage,
  mobilePageInput,
  type NotificationKind,
  type NotificationPotentialBody,
  type NotificationReport,
  notificationPotential,
  notificationReport,
  type PostKind,
  type PushNotification,
  type PushNotificationInput,
  pushNotification,
  pushNotificationInput,
  type SmsNotification,
  type SmsNotificationInput,
  smsNotification,
  smsNotificationInput,
  testSendResult,
} from '@avlu/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiError, api, type DownloadProgress } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** Where each kind lives: `/marketing/{kind}-notifications` (spec §7 Marketing). */
export const notificationPath = (kind: NotificationKind) => `/marketing/${kind}-notifications`;

/** A notification of any kind as the screens read it: the fields every kind has under its prefix. */
export type NotificationOf = {
  push: PushNotification;
  sms: SmsNotification;
  email: EmailNotification;
};
export type AnyNotification = NotificationOf[NotificationKind];

const define = <Item, Input>(
  kind: NotificationKind,
  item: z.ZodType<Item>,
  input: z.ZodType<unknown, Input>,
) =>
  defineResource<Item, Input>({
    name: `marketing-${kind}`,
    path: notificationPath(kind),
    item,
    input,
    // Spec §8: 'Push Notification Removed', 'Sms Notification Removed'; created and updated as every screen says.
    messages: {
      created: 'api:created',
      updated: 'api:updated',
      removed: `marketing:${kind}.removed`,
    },
  });

/**
 * The three kinds of notification (GET/POST `/marketing/{kind}-notifications`, GET/PUT/DELETE
 * `…/{id}`); every answer carries `<kind>_notification_potential`.
 */
export const notificationResources = {
  push: define<PushNotification, PushNotificationInput>('push', pushNotification, pushNotificationInput),
  sms: define<SmsNotification, SmsNotificationInput>('sms', smsNotification, smsNotificationInput),
  email: define<EmailNotification, EmailNotificationInput>(
    'email',
    emailNotification,
    emailNotificationInput,
  ),
};

/** A kind's fields by their suffix (`state`, `potential`, `scheduled_for_datetime`). */
export const fieldOf = <K extends NotificationKind>(kind: K, suffix: string) =>
  `${kind}_notification_${suffix}` as const;
export const stateOf = (kind: NotificationKind, row: AnyNotification) =>
  (row as Record<string, unknown>)[fieldOf(kind, 'state')] as PushNotification['push_notification_state'];
export const potentialOf = (kind: NotificationKind, row: AnyNotification) =>
  (row as Record<string, unknown>)[fieldOf(kind, 'potential')] as number;
export const scheduledOf = (kind: NotificationKind, row: AnyNotification) =>
  (row as Record<string, unknown>)[fieldOf(kind, 'scheduled_for_datetime')] as string | null;

/** The row's name in lists, questions and crumbs: SMS title, email subject, push Turkish text. */
export const titleOf = (kind: NotificationKind, row: AnyNotification): string => {
  if (kind === 'sms') return (row as SmsNotification).sms_notification_title;
  if (kind === 'email') return (row as EmailNotification).email_notification_subject;
  const text = (row as PushNotification).push_notification_text_tr;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/**
 * `PUT …/{id}/send` (send now, after the confirmation) and `PUT …/{id}/test` (phones for push and
 * SMS, emails for email; spec §7). Their answers are not read: the list and the record are fetched
 * again, and the toast says what spec §8 says.
 */
export const useSend = (kind: NotificationKind) =>
  notificationResources[kind].useAction((id: string) => api.put(`${notificationPath(kind)}/${id}/send`, {}), {
    success: `marketing:${kind}.sent`,
  });

/** `PUT …/{id}/approve`: a second user with the approval permission lets a large send go (spec §8 'Approvable.'). */
export const useApprove = (kind: NotificationKind) =>
  notificationResources[kind].useAction(
    (id: string) => api.put(`${notificationPath(kind)}/${id}/approve`, {}),
    {
      success: 'marketing:approved',
    },
  );

/**
 * `PUT …/{id}/withdraw`: a send waiting for approval goes back to created, to be edited (its author, or
 * a user with the approval permission refusing it).
 */
export const useWithdraw = (kind: NotificationKind) =>
  notificationResources[kind].useAction(
    (id: string) => api.put(`${notificationPath(kind)}/${id}/withdraw`, {}),
    {
      success: 'marketing:withdraw.done',
    },
  );

export const useTestSend = (kind: NotificationKind) =>
  notificationResources[kind].useAction(
    ({ id, to }: { id: string; to: string[] }) =>
      api.put(`${notificationPath(kind)}/${id}/test`, kind === 'email' ? { emails: to } : { phones: to }, {
        schema: testSendResult,
      }),
    {
      success: (result) =>
        result.results.every((one) => one.state === 'sent') ? 'marketing:test.sent' : false,
      invalidates: () => [],
      error: false,
    },
  );

/**
 * `POST …/potential`: how many customers the audience being written would reach now, counted as the
 * saved notification's `_potential` is (consent, and a phone, an email address or a device token).
 */
export const usePotential = (kind: NotificationKind, body: NotificationPotentialBody) =>
  useQuery<{ potential: number }, ApiError, number>({
    queryKey: [...notificationResources[kind].keys.all, 'potential', body],
    queryFn: ({ signal }) =>
      api.post(`${notificationPath(kind)}/potential`, body, {
        schema: notificationPotential,
        signal,
        dedupe: false,
      }),
    select: (answer) => answer.potential,
    placeholderData: keepPreviousData,
  });

/**
 * `GET …/{id}/report` (SMS and email; contracts' `notificationReport`): the counts and one page of
 * the messages; `GET …/{id}/report/export` is every message as an xlsx.
 */
export const useReport = (
  kind: NotificationKind,
  id: string | undefined,
  page: { limit: number; currentPage: number },
) =>
  useQuery<NotificationReport, ApiError>({
    queryKey: [...notificationResources[kind].keys.detail(id ?? ''), 'report', page],
    queryFn: ({ signal }) =>
      api.get(`${notificationPath(kind)}/${id}/report`, {
        query: page,
        schema: notificationReport,
        signal,
        dedupe: false,
      }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    // A running send shows its progress: the counts are asked again until it is over.
    refetchInterval: ({ state }) => (state.data?.state === 'send_in_progress' ? 5_000 : false),
  });

export const exportReport = (
  kind: NotificationKind,
  id: string,
  onProgress: (progress: DownloadProgress) => void,
) =>
  api.download('GET', `${notificationPath(kind)}/${id}/report/export`, {
    onProgress,
    filename: `${kind}-report.xlsx`,
  });

/** The pages a push can open (spec §3 Mobile page; `/marketing/mobile-pages`). */
export const mobilePages = defineResource<MobilePage, MobilePageInput>({
  name: 'marketing-mobile-pages',
  path: '/marketing/mobile-pages',
  item: mobilePage,
  input: mobilePageInput,
  messages: { removed: 'marketing:mobilePages.removed' },
});

/** Every mobile page (`showAll=true`), for the push editor's picker. */
export const useAllMobilePages = () =>
  useQuery<MobilePage[], ApiError>({
    queryKey: [...mobilePages.keys.lists(), 'all'],
    queryFn: ({ signal }) =>
      api.get('/marketing/mobile-pages', {
        query: { showAll: true },
        schema: z.array(mobilePage),
        signal,
        dedupe: false,
      }),
    staleTime: 60_000,
  });

/** The mall's events and promotions (`/data/events`, `/data/promotions`), managed under Ayarlar. */
export const postPath = (kind: PostKind) => (kind === 'event' ? '/data/events' : '/data/promotions');
const definePosts = (kind: PostKind) =>
  defineResource<MallPost, MallPostInput>({
    name: `marketing-${kind}s`,
    path: postPath(kind),
    item: mallPost,
    input: mallPostInput,
    messages: { removed: `marketing:posts.${kind}.removed` },
  });
export const postResources = { event: definePosts('event'), promotion: definePosts('promotion') };

/** Every active, not ended event or promotion, for the newsletter's pickers. */
export const useCurrentPosts = (kind: PostKind) =>
  useQuery<MallPost[], ApiError>({
    queryKey: [...postResources[kind].keys.lists(), 'current'],
    queryFn: ({ signal }) =>
      api.get(postPath(kind), {
        query: { showAll: true, post_is_active: true, current: true },
        schema: z.array(mallPost),
        signal,
        dedupe: false,
      }),
    staleTime: 60_000,
  });
