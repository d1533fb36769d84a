import { type QrCode, type QrCodeInput, qrCode, qrCodeInput } from '@avlu/contracts';
import { defineResource } from '../../lib/resource';

/** QR codes (spec §7 "QR"): GET (list) and POST /qrcode, GET/PUT/DELETE /qrcode/{id}. */
export const qrCodes = defineResource<QrCode, QrCodeInput>({
  name: 'qr-codes',
  path: '/qrcode',
  item: qrCode,
  input: qrCodeInput,
  messages: { created: 'qr-codes:created', updated: 'qr-codes:updated', removed: 'qr-codes:removed' },
});
