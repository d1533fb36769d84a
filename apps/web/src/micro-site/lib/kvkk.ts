import type { Agreement } from '@avlu/contracts';
import { useEffect, useState } from 'react';
import { messageOf } from './api';
import { useSession } from './session';

/** Spec §5: the KVKK text is the mall's agreement of type kvkk with target mobileapp. */
export const useKvkk = () => {
  const { api } = useSession();
  const [state, setState] = useState<{ agreement: Agreement | null; error: string | null; loading: boolean }>(
    {
      agreement: null,
      error: null,
      loading: true,
    },
  );
  useEffect(() => {
    let live = true;
    api
      .post<Agreement[]>('/ext/app/agreements', {
        filter: { agreement_type: 'kvkk', agreement_target: 'mobileapp' },
      })
      .then(
        (agreements) => live && setState({ agreement: agreements[0] ?? null, error: null, loading: false }),
        (error: unknown) => live && setState({ agreement: null, error: messageOf(error), loading: false }),
      );
    return () => {
      live = false;
    };
  }, [api]);
  return state;
};
