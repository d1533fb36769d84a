import * as contracts from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/micro-site';
import tr from '../../locales/tr/micro-site';
import * as campaignDates from '../campaigns/dates';
import * as mirror from './contract';

describe("the micro-site's copy of contracts' light constants", () => {
  it('matches contracts exactly', () => {
    expect(mirror.languages).toEqual(contracts.languages);
    expect(mirror.DEFAULT_LANGUAGE).toBe(contracts.DEFAULT_LANGUAGE);
    expect(campaignDates.DEFAULT_TIMEZONE).toBe(contracts.DEFAULT_TIMEZONE);
  });

  it('accepts in the browser every phone contracts accepts, Turkish or international', () => {
    for (const phone of [
      '0532 123 45 67',
      '+90 532 123 4567',
      '5321234567',
      '0090 532 123 45 67',
      '+49 151 23456789',
    ])
      expect(mirror.looksLikePhone(phone), phone).toBe(contracts.normalizePhone(phone) !== undefined);
    for (const phone of ['', '123', '0532 123', 'abc'])
      expect(mirror.looksLikePhone(phone), phone).toBe(false);
    expect(mirror.compactPhone('0532 123 45 67')).toBe('05321234567');
  });

  it('says what the server says of a name that is not one', () => {
    expect(tr.validation.personName).toBe(contracts.messages.tr.validation.personName);
    expect(en.validation.personName).toBe(contracts.messages.en.validation.personName);
    expect(mirror.isPersonName).toBe(contracts.isPersonName);
  });
});
