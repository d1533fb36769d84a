import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { LanguagePopover } from './LanguagePopover';

describe('language popover', () => {
  it('switches the language, stores it and updates the page language', async () => {
    const { user } = renderWithProviders(<LanguagePopover />);
    await user.click(screen.getByRole('button', { name: 'Dil: TR, Türkçe' }));
    expect(screen.getByRole('menuitem', { name: 'Türkçe' })).toHaveClass('Mui-selected');
    await user.click(screen.getByRole('menuitem', { name: 'English' }));

    expect(await screen.findByRole('button', { name: 'Language: EN, English' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Language: EN, English' }));
    expect(screen.getByRole('menuitem', { name: 'English' })).toHaveClass('Mui-selected');
    await user.click(screen.getByRole('menuitem', { name: 'Türkçe' }));
    expect(await screen.findByRole('button', { name: 'Dil: TR, Türkçe' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('tr');
  });
});
