import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installTestServer } from '../test/server';
import { renderMicroSite, serveMall, signedIn } from './test/render';

const server = installTestServer();

/** Issue 12 §13: a full load sends each call once, also inside StrictMode (main.tsx), which runs effects twice. */
describe('a full micro-site load', () => {
  it('asks for the mall and the stored session once each', async () => {
    serveMall(server());
    signedIn(server());
    renderMicroSite('');
    expect(await screen.findByRole('heading', { name: 'Hoş geldiniz, Ayşe' })).toBeInTheDocument();
    expect(await screen.findByText('Kordonboyu Yaşam AVM')).toBeInTheDocument();
    expect(server().to('GET', '/ext/location')).toHaveLength(1);
    expect(server().to('GET', '/ext/app/customers/profile')).toHaveLength(1);
  });
});
