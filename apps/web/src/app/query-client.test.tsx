import { type QueryClient, QueryClientProvider, type QueryFunction, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

type Call = { id: string; signal: AbortSignal; answer: (value: string) => void };

/** A query function that records each call's signal and answers only when told. */
const recorder = () => {
  const calls: Call[] = [];
  const queryFn: QueryFunction<string> = ({ queryKey, signal }) =>
    new Promise<string>((answer) => calls.push({ id: String(queryKey[1]), signal, answer }));
  return { calls, queryFn };
};

/** A screen reading one query; `label` tells two screens reading the same query apart. */
function Reader({ id, queryFn, label }: { id: string; queryFn: QueryFunction<string>; label: string }) {
  const { data } = useQuery({ queryKey: ['thing', id], queryFn });
  return <p>{data ?? label}</p>;
}

const withClient = (client: QueryClient, ui: React.ReactNode) => (
  <QueryClientProvider client={client}>{ui}</QueryClientProvider>
);

const aWhile = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the query client', () => {
  it('fetches once when StrictMode mounts, unmounts and mounts a component again', async () => {
    const client = createQueryClient();
    const { calls, queryFn } = recorder();
    render(
      <StrictMode>{withClient(client, <Reader id="a" queryFn={queryFn} label="loading" />)}</StrictMode>,
    );
    await aWhile();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.answer('ready');
    expect(await screen.findByText('ready')).toBeInTheDocument();
  });

  it('cancels a fetch nobody wants any more: the key changed, or the component left', async () => {
    const client = createQueryClient();
    const { calls, queryFn } = recorder();
    const { rerender, unmount } = render(withClient(client, <Reader id="a" queryFn={queryFn} label="" />));
    await waitFor(() => expect(calls).toHaveLength(1));

    rerender(withClient(client, <Reader id="b" queryFn={queryFn} label="" />));
    await waitFor(() => expect(calls[0]!.signal.aborted).toBe(true));
    // Back to the state before its fetch: whoever wants 'a' later fetches it again.
    expect(client.getQueryState(['thing', 'a'])).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
    expect(calls[1]!.id).toBe('b');

    unmount();
    await waitFor(() => expect(calls[1]!.signal.aborted).toBe(true));
  });

  it('keeps a fetch the next screen takes over in the same commit', async () => {
    const client = createQueryClient();
    const { calls, queryFn } = recorder();
    const { rerender } = render(
      withClient(client, <Reader key="first" id="shared" queryFn={queryFn} label="first" />),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender(withClient(client, <Reader key="second" id="shared" queryFn={queryFn} label="second" />));
    expect(screen.getByText('second')).toBeInTheDocument();
    await aWhile();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.answer('shared answer');
    expect(await screen.findByText('shared answer')).toBeInTheDocument();
  });
});
