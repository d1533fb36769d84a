import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../i18n/format-issue';
import { mallPostInput } from './directory';
import {
  emailNotificationInput,
  localDateTimeParts,
  pushNotificationInput,
  scheduledForDateTime,
  smsNotificationInput,
} from './notifications';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: Parameters<typeof issuesToFields>[0] } | undefined;
}) => (result.success ? {} : issuesToFields(result.error!.issues, 'en'));

describe('notification schedules', () => {
  it('takes a moment with its offset (answered in UTC) or the mall’s wall-clock time', () => {
    expect(scheduledForDateTime.parse('2030-06-01T10:00:00+03:00')).toBe('2030-06-01T07:00:00.000Z');
    expect(scheduledForDateTime.parse('2030-06-01T10:00Z')).toBe('2030-06-01T10:00:00.000Z');
    expect(scheduledForDateTime.parse('2030-06-01T10:00')).toBe('2030-06-01T10:00');
    expect(scheduledForDateTime.parse('')).toBeNull();
    expect(scheduledForDateTime.parse(null)).toBeNull();
    expect(scheduledForDateTime.parse(undefined)).toBeNull();
    for (const bad of ['2030-02-30T10:00', '2030-06-01T24:00', '2030-06-01', 'tomorrow', '0000-01-01T10:00'])
      expect(scheduledForDateTime.safeParse(bad).success, bad).toBe(false);
    expect(localDateTimeParts('2032-02-29T23:59:30')).toEqual({
      year: 2032,
      month: 2,
      day: 29,
      hour: 23,
      minute: 59,
      second: 30,
    });
  });
});

describe('notification inputs', () => {
  it('SMS: title at least 5, text 10 to 947 characters; empty filters are none; ids once', () => {
    const values = smsNotificationInput.parse({
      sms_notification_title: 'Hafta sonu',
      sms_notification_text: 'x'.repeat(947),
      sms_notification_filters: '',
      customer_ids: ['0123456789abcdef01234567', '0123456789abcdef01234567'],
    });
    expect(values).toMatchObject({ sms_notification_filters: null, sms_notification_is_commercial: true });
    expect(values.customer_ids).toHaveLength(1);
    expect(
      smsNotificationInput.parse({ ...values, sms_notification_filters: [] }).sms_notification_filters,
    ).toBeNull();
    expect(
      fieldsOf(
        smsNotificationInput.safeParse({
          sms_notification_title: '  ',
          sms_notification_text: 'x'.repeat(948),
        }),
      ),
    ).toEqual({
      sms_notification_title: 'This field is required',
      sms_notification_text: 'Must be at most 947 characters',
    });
  });

  it('push: the type follows the filters, and must agree with them when given', () => {
    const base = { push_notification_text_tr: 'Merhaba' };
    expect(pushNotificationInput.parse(base).push_notification_type).toBe('BROADCAST');
    expect(
      pushNotificationInput.parse({ ...base, push_notification_filters: [{ field: 'gender', in: ['male'] }] })
        .push_notification_type,
    ).toBe('FILTER');
    expect(
      fieldsOf(pushNotificationInput.safeParse({ ...base, push_notification_type: 'FILTER' })),
    ).toHaveProperty('push_notification_type');
  });

  it('email: each content type needs its own fields and refuses the others’', () => {
    const base = {
      email_notification_subject: 'Yaz indirimleri',
      email_notification_content_type: 'SINGLE',
      single_content_image: `/api/files/${'a'.repeat(43)}.png`,
      single_content_link: 'https://avm.example.com',
    };
    // The image stands in for the preview text.
    expect(emailNotificationInput.safeParse(base).success).toBe(true);
    expect(
      fieldsOf(emailNotificationInput.safeParse({ ...base, email_notification_content_type: 'HTML' })),
    ).toEqual({
      single_content_image: 'This field is not used by the chosen content type',
      single_content_link: 'This field is not used by the chosen content type',
      html_content: 'This field is required',
      email_notification_preview_text: 'A preview text or a content image is required',
    });
    expect(
      fieldsOf(
        emailNotificationInput.safeParse({
          ...base,
          email_notification_preview_text: 'Kısa',
          external_mail_list: '0123456789abcdef01234567',
          customer_ids: ['0123456789abcdef01234568'],
        }),
      ),
    ).toEqual({
      email_notification_preview_text: 'Must be at least 5 characters',
      customer_ids:
        'An email to an external list goes only to the list’s addresses; it takes no filters or customers',
    });
  });

  it('events and promotions end on or after their start', () => {
    const post = { post_title: 'Konser', post_start_date: '2030-01-02', post_end_date: '2030-01-01' };
    expect(fieldsOf(mallPostInput.safeParse(post))).toEqual({
      post_end_date: 'The end date cannot be before the start date',
    });
    expect(mallPostInput.parse({ ...post, post_end_date: '2030-01-02' })).toMatchObject({
      post_is_active: true,
      post_image: null,
      post_link: null,
    });
  });
});
