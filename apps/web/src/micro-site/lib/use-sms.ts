import type { MicroSiteSession, SmsChallenge } from '@avlu/contracts';
import { useState } from 'react';
import { withChallenge } from './challenge';
import { compactPhone } from './contract';
import { useSession } from './session';
import { recallChallenge, rememberChallenge, type SmsMemory } from './sms-memory';

/** The SMS calls of spec §7 with the countdown memory of spec §4. */
export const useSms = () => {
  const { api, locationToken } = useSession();
  const [resendAt, setResendAt] = useState<string | null>(null);

  const remember = (phone: string, challenge: SmsChallenge, registered: boolean | null) => {
    const memory = rememberChallenge(locationToken, phone, challenge, registered);
    setResendAt(memory.resendAt);
    return memory;
  };

  return {
    resendAt,
    setResendAt,
    /** POST /ext/customers/check, unless a code for this phone is still counting down. */
    check: async (phone: string): Promise<SmsMemory> => {
      const recalled = recallChallenge(locationToken, phone);
      if (recalled) {
        setResendAt(recalled.resendAt);
        return recalled;
      }
      const challenge = await withChallenge((altcha) =>
        api.post<SmsChallenge>('/ext/customers/check', { customer_phone: compactPhone(phone), altcha }),
      );
      return remember(phone, challenge, null);
    },
    /** POST /ext/customers/sms-resend, unless a code for this phone is still counting down. */
    send: async (phone: string, registered: boolean): Promise<SmsMemory> => {
      const recalled = recallChallenge(locationToken, phone);
      if (recalled) {
        setResendAt(recalled.resendAt);
        return recalled;
      }
      return remember(phone, await resend(phone), registered);
    },
    /** The dialog's resend button: always asks the server. */
    resend: async (phone: string, registered: boolean | null) =>
      remember(phone, await resend(phone), registered).resendAt,
    login: (phone: string, code: string) =>
      withChallenge((altcha) =>
        api.post<MicroSiteSession>('/ext/customers/login', {
          customer_phone: compactPhone(phone),
          sms_code: code,
          altcha,
        }),
      ),
  };

  function resend(phone: string) {
    return withChallenge((altcha) =>
      api.post<SmsChallenge>('/ext/customers/sms-resend', { customer_phone: compactPhone(phone), altcha }),
    );
  }
};
