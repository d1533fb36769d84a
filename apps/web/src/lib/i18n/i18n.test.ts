import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from '.';

describe('i18n', () => {
  it('speaks Turkish by default and stores a chosen language under i18nextLng', async () => {
    expect(i18n.language).toBe('tr');
    expect(i18n.t('actions.cancel')).toBe('Vazgeç');
    expect(i18n.t('errors:NOT_FOUND')).toBe('Kayıt bulunamadı');
    await changeLanguage('en');
    expect(i18n.t('actions.cancel')).toBe('Cancel');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    await changeLanguage('tr');
  });
});
