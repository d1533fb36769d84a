import {
  type Agreement,
  type AgreementInput,
  agreement,
  agreementInput,
  agreementPdfUpload,
} from '@avlu/contracts';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** Agreements (spec §7 "Admin and core"): GET and POST /core/agreement, GET and DELETE /core/agreement/{id}. */
export const agreements = defineResource<Agreement, AgreementInput>({
  name: 'agreements',
  path: '/core/agreement',
  item: agreement,
  input: agreementInput,
  messages: { created: 'agreements:created', updated: 'agreements:updated', removed: 'agreements:removed' },
});

/** `PATCH /agreement/{id}`: in use (taking the place of the text of its type and target) or not. */
export const useInUseChange = () =>
  agreements.useAction(
    async ({ id, agreement_in_use }: { id: string; agreement_in_use: boolean }) => {
      await api.patch(`/agreement/${id}`, { agreement_in_use });
      return agreement_in_use;
    },
    { success: (on) => (on ? 'agreements:inUseOn' : 'agreements:inUseOff') },
  );

/** POST /core/agreement/pdf (multipart `file`): the PDF's address in our file store. */
export const uploadAgreementPdf = async (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return (await api.upload('POST', '/core/agreement/pdf', body, { schema: agreementPdfUpload })).url;
};
