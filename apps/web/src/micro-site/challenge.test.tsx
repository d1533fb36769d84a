import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../lib/api/test-server';
import { installTestServer } from '../test/server';
import { challenge, renderMicroSite, serveMall } from './test/render';

const server = installTestServer();

/** An ALTCHA v2 challenge as the server makes it (deterministic PBKDF2/SHA-256), whose answer is `counter`. */
const powChallenge = (counter: number, cost: number) => {
  const nonce = randomBytes(16);
  const salt = randomBytes(16);
  const password = Buffer.alloc(20);
  nonce.copy(password);
  password.writeUInt32BE(counter, 16);
  const derivedKey = pbkdf2Sync(password, salt, cost, 32, 'sha256').toString('hex');
  return {
    derivedKey,
    challenge: {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: nonce.toString('hex'),
        salt: salt.toString('hex'),
        cost,
        keyLength: 32,
        keyPrefix: derivedKey.slice(0, 32),
        keySignature: 'signed-by-the-server',
        expiresAt: Math.floor(Date.now() / 1000) + 600,
        data: { max: counter + 2 },
      },
      signature: 'signed-by-the-server',
    },
  };
};

describe('the security challenge', () => {
  it('solves the challenge the check asks for, showing its progress, and sends the check again with the solution', async () => {
    serveMall(server());
    // Slow enough (a few hundred thousand PBKDF2 rounds) for the progress line to be seen.
    const { challenge: asked, derivedKey } = powChallenge(6, 60_000);
    server().on('POST', '/ext/customers/check', ({ body }) =>
      (body as { altcha?: string }).altcha
        ? json(challenge())
        : json(
            {
              statusCode: 428,
              code: 'CHALLENGE_REQUIRED',
              message: 'Devam etmeden önce güvenlik doğrulamasının tamamlanması gerekiyor',
              fields: { altcha: 'Güvenlik doğrulaması gerekiyor' },
              challenge: asked,
            },
            428,
          ),
    );
    const { user } = renderMicroSite('/login');
    await user.type(await screen.findByLabelText(/Cep telefonu/), '0532 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Devam Et' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Güvenlik doğrulaması yapılıyor, lütfen bekleyin… %\d+$/,
    );
    expect(await screen.findByRole('dialog', { name: 'Doğrulama kodu' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    const [first, second] = server().to('POST', '/ext/customers/check');
    expect(first!.body).toEqual({ customer_phone: '05321234567' });
    const { altcha } = second!.body as { altcha: string };
    expect(JSON.parse(atob(altcha))).toEqual({
      challenge: asked,
      solution: { counter: 6, derivedKey, time: expect.any(Number) },
    });
  });

  it('solves a challenge the login asks for after wrong codes, and says a wrong code as usual', async () => {
    serveMall(server());
    const { challenge: asked } = powChallenge(2, 1000);
    server()
      .on('POST', '/ext/customers/check', () => json(challenge()))
      .on('POST', '/ext/customers/login', ({ body }) =>
        (body as { altcha?: string }).altcha
          ? json(
              {
                statusCode: 400,
                code: 'SMS_CODE_INVALID',
                message: 'Doğrulama kodu hatalı; 3 deneme hakkınız kaldı',
                fields: { sms_code: 'Kod hatalı' },
              },
              400,
            )
          : json(
              {
                statusCode: 428,
                code: 'CHALLENGE_REQUIRED',
                message: 'Devam etmeden önce güvenlik doğrulamasının tamamlanması gerekiyor',
                challenge: asked,
              },
              428,
            ),
      );
    const { user } = renderMicroSite('/login');
    await user.type(await screen.findByLabelText(/Cep telefonu/), '0532 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Devam Et' }));
    await screen.findByRole('dialog', { name: 'Doğrulama kodu' });
    await act(() => user.keyboard('1111'));
    expect(await screen.findAllByText('Doğrulama kodu hatalı; 3 deneme hakkınız kaldı')).not.toHaveLength(0);
    const logins = server().to('POST', '/ext/customers/login');
    expect(logins).toHaveLength(2);
    expect(logins[1]!.body).toMatchObject({
      customer_phone: '05321234567',
      sms_code: '1111',
      altcha: expect.any(String),
    });
  });
});
