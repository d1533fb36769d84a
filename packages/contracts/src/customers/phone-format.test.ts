import { describe, expect, it } from 'vitest';
import { displayPhone } from './phone-format';

describe('displayPhone', () => {
  it('shows a Turkish number as the back-office writes it, however it was written', () => {
    for (const written of [
      '+905328906124',
      '5328906124',
      '05328906124',
      '0532 890 61 24',
      '+90 (532) 890-6124',
      '00905328906124',
      '905328906124',
    ])
      expect(displayPhone(written), written).toBe('0532 890 61 24');
    expect(displayPhone('+902125551234')).toBe('0212 555 12 34');
  });

  it('leaves other numbers and partial input as given', () => {
    expect(displayPhone('+4915112345678')).toBe('+4915112345678');
    expect(displayPhone('0532 890')).toBe('0532 890');
    expect(displayPhone('')).toBe('');
  });
});
