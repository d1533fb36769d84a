import type { Database } from '../../platform/db/database';
import { FILES_PATH } from '../../platform/files/file-names';
import type { Files } from '../../platform/files/files';
import { agreements } from './agreements.tables';

const DAY = 86_400_000;

/**
 * A one-page PDF of the given lines. The PDF's standard fonts know no ş, ğ or ı: the PDF's lines are
 * written without them, while the agreement's text in the database keeps its Turkish letters.
 */
export const demoPdf = (lines: string[]) => {
  const plain = (line: string) =>
    line
      .replace(/[şŞ]/g, (c) => (c === 'ş' ? 's' : 'S'))
      .replace(/[ğĞ]/g, (c) => (c === 'ğ' ? 'g' : 'G'))
      .replace(/ı/g, 'i')
      .replace(/İ/g, 'I')
      .replace(/[()\\]/g, '');
  const content = [
    'BT /F1 16 Tf 56 780 Td',
    ...lines.flatMap((line, index) => [
      index === 1 ? '/F1 11 Tf 0 -28 Td' : '0 -18 Td',
      `(${plain(line)}) Tj`,
    ]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const terms = (mallName: string, edition: string) => [
  `${mallName} Üyelik Sözleşmesi (${edition})`,
  `1. Taraflar: Bu sözleşme ${mallName} ("AVM") ile AVM'nin mikro sitesine ve mobil uygulamasına üye olan müşteri arasında yapılır.`,
  '2. Konu: Üyelik; kampanyalara katılma, kupon ve hediye alma, alışveriş fişi yükleyerek puan kazanma ve AVM hizmetlerinden yararlanma imkânı sağlar.',
  '3. Puanlar ve kuponlar: Puanlar ve kuponlar kişiye özeldir, devredilemez ve nakde çevrilemez; süresi dolan kuponlar kullanılamaz.',
  '4. Fişler: Yüklenen fişin müşterinin kendi alışverişine ait olması gerekir; şüpheli fişler incelenir ve reddedilebilir.',
  '5. Değişiklik: AVM bu sözleşmeyi değiştirebilir; yeni metin mikro sitede yayımlanır ve müşteri onayıyla geçerli olur.',
  '6. Fesih: Müşteri üyeliğini dilediği zaman profil sayfasından sonlandırabilir.',
];
const termsEn = (mallName: string, edition: string) => [
  `${mallName} Membership Agreement (${edition})`,
  `1. Parties: this agreement is made between ${mallName} ("the Mall") and the customer who joins its micro-site and mobile app.`,
  '2. Subject: membership lets the customer join campaigns, get coupons and gifts, earn points by uploading receipts and use the Mall’s services.',
  '3. Points and coupons are personal, cannot be transferred or exchanged for cash; expired coupons cannot be used.',
  '4. Receipts must be of the customer’s own purchases; doubtful receipts are reviewed and may be rejected.',
  '5. Changes: the Mall may change this agreement; the new text is published on the micro-site and applies once the customer accepts it.',
  '6. Ending: the customer may end the membership at any time from the profile page.',
];
const etk = (mallName: string) =>
  [
    `${mallName} Ticari Elektronik İleti İzni`,
    `6563 sayılı Elektronik Ticaretin Düzenlenmesi Hakkında Kanun uyarınca, ${mallName} tarafından kampanya, etkinlik, indirim ve yeniliklerle ilgili olarak SMS, e-posta ve telefon yoluyla ticari elektronik ileti gönderilmesine izin veriyorum.`,
    'İznimi dilediğim zaman, gelen iletilerdeki ret bağlantısıyla, profil sayfasından veya AVM danışma noktasına başvurarak ücretsiz olarak geri alabilirim.',
  ].join('\n\n');

/**
 * The demo mall's agreements beside the KVKK notice every mall starts with: its membership terms in
 * two versions (the first withdrawn, the second in use with its PDFs in Turkish and English), the
 * ETK permission text of the micro-site and the KVKK notice of the web site.
 */
export const seedDemoAgreements = async (
  db: Database,
  files: Pick<Files, 'save'>,
  locationId: string,
  mallName: string,
  now = new Date(),
) => {
  const pdf = async (lines: string[]) =>
    `${FILES_PATH}${(await files.save(db, demoPdf(lines), { extension: 'pdf', visibility: 'public' })).name}`;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  await db.insert(agreements).values([
    {
      location_id: locationId,
      agreement_type: 'terms_and_conditions',
      agreement_target: 'mobileapp',
      agreement_in_use: false,
      agreement_version: 'terms-and-conditions-mobileapp-1',
      agreement_title: 'Üyelik Sözleşmesi',
      agreement_text: terms(mallName, '2025').join('\n\n'),
      agreement_text_pdf_tr: await pdf(terms(mallName, '2025')),
      created_at: at(300),
    },
    {
      location_id: locationId,
      agreement_type: 'terms_and_conditions',
      agreement_target: 'mobileapp',
      agreement_in_use: true,
      agreement_version: 'terms-and-conditions-mobileapp-2',
      agreement_title: 'Üyelik Sözleşmesi',
      agreement_text: terms(mallName, '2026').join('\n\n'),
      agreement_text_pdf_tr: await pdf(terms(mallName, '2026')),
      agreement_text_pdf_en: await pdf(termsEn(mallName, '2026')),
      created_at: at(40),
    },
    {
      location_id: locationId,
      agreement_type: 'etk_permissions',
      agreement_target: 'mobileapp',
      agreement_in_use: true,
      agreement_version: 'etk-permissions-mobileapp-1',
      agreement_title: 'Ticari Elektronik İleti İzni',
      agreement_text: etk(mallName),
      created_at: at(120),
    },
    {
      location_id: locationId,
      agreement_type: 'kvkk',
      agreement_target: 'web',
      agreement_in_use: true,
      agreement_version: 'kvkk-web-1',
      agreement_title: 'KVKK Aydınlatma Metni (web sitesi)',
      agreement_text: `${mallName} web sitesi ziyaretçilerine yönelik KVKK aydınlatma metni: web sitesi formları aracılığıyla paylaştığınız ad, soyad, telefon ve e-posta bilgileriniz, talebinizin yanıtlanması amacıyla ve KVKK 5. maddesindeki hukuki sebeplere dayanılarak işlenir. KVKK 11. maddesindeki haklarınız için AVM danışma noktasına başvurabilirsiniz.`,
      created_at: at(120),
    },
  ]);
};
