import type { Agreement, AgreementFilterBody } from '@avlu/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { type AgreementRow, agreements } from './agreements.tables';

/** The version of the KVKK notice every new mall starts with; a changed text gets a new version. */
export const KVKK_VERSION = '2026-11';

/**
 * The KVKK information notice (aydınlatma metni, 6698 sayılı Kanun md. 10) a new mall's micro-site
 * shows before sign-up. The mall is the data controller; the text names it.
 */
export const kvkkNotice = (mallName: string) =>
  [
    `${mallName} ("AVM") olarak kişisel verilerinizin güvenliğine önem veriyoruz. Bu aydınlatma metni, 6698 sayılı Kişisel Verilerin Korunması Kanunu ("KVKK") 10. maddesi uyarınca, veri sorumlusu sıfatıyla AVM tarafından, müşteri mikro sitesi üzerinden paylaştığınız kişisel verilerin işlenmesi hakkında sizi bilgilendirmek amacıyla hazırlanmıştır.`,
    'İşlenen kişisel veriler: kimlik bilgileriniz (ad, soyad, doğum tarihi, cinsiyet), iletişim bilgileriniz (cep telefonu numarası, e-posta adresi, il, ilçe, mahalle ve adres), araç plakanız, kampanya ve sadakat programı kapsamındaki işlem bilgileriniz (katıldığınız kampanyalar, kuponlar, yüklediğiniz alışveriş fişleri, puanlar) ile giriş sırasında oluşan işlem güvenliği bilgileriniz (IP adresi, doğrulama kodu kayıtları, oturum bilgileri).',
    'İşleme amaçları: üyeliğinizin oluşturulması ve yönetilmesi, kimliğinizin SMS doğrulama koduyla teyit edilmesi, kampanya, kupon, hediye ve sadakat programı süreçlerinin yürütülmesi, talep ve şikâyetlerinizin yanıtlanması, otopark ve AVM hizmetlerinin sunulması, bilgi güvenliği süreçlerinin yürütülmesi ve mevzuattan doğan yükümlülüklerin yerine getirilmesi. Ticari elektronik ileti (SMS, e-posta, arama) gönderimi yalnızca ayrıca vereceğiniz izin kapsamında yapılır ve izninizi dilediğiniz zaman geri alabilirsiniz.',
    'Hukuki sebepler ve toplama yöntemi: kişisel verileriniz mikro site formları aracılığıyla elektronik ortamda toplanır ve KVKK 5. maddesinde yer alan bir sözleşmenin kurulması veya ifasıyla doğrudan ilgili olması, veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi, ilgili kişinin temel hak ve özgürlüklerine zarar vermemek kaydıyla veri sorumlusunun meşru menfaati ve gerekli hâllerde açık rızanız hukuki sebeplerine dayanılarak işlenir.',
    'Aktarım: kişisel verileriniz yukarıdaki amaçlarla sınırlı olarak; barındırma, SMS ve e-posta gönderimi gibi hizmetleri aldığımız tedarikçilerimize, kampanya ortağı mağazalara ve talep hâlinde yetkili kamu kurum ve kuruluşlarına KVKK 8. ve 9. maddelerine uygun olarak aktarılabilir.',
    'Saklama: hesabınızı sildiğinizde kişisel verileriniz, hesabınızı yeniden etkinleştirebileceğiniz süre boyunca saklanır ve bu sürenin sonunda silinir; açık rıza ve izin kayıtları ise ispat yükümlülüğü nedeniyle mevzuatta öngörülen süre boyunca tutulur.',
    `Haklarınız: KVKK 11. maddesi uyarınca kişisel verilerinizin işlenip işlenmediğini öğrenme, işlenmişse bilgi talep etme, işlenme amacını ve amacına uygun kullanılıp kullanılmadığını öğrenme, aktarıldığı üçüncü kişileri bilme, eksik veya yanlış işlenmişse düzeltilmesini, silinmesini veya yok edilmesini isteme, otomatik sistemlerle analiz edilmesi sonucu aleyhinize bir sonuç çıkmasına itiraz etme ve kanuna aykırı işleme nedeniyle uğradığınız zararın giderilmesini talep etme haklarına sahipsiniz. Başvurularınızı ${mallName} danışma noktasına yazılı olarak veya kayıtlı elektronik posta adresimize iletebilirsiniz.`,
  ].join('\n\n');

/** Every new mall starts with the KVKK notice of its micro-site, in use (called in the mall's transaction). */
export const seedKvkkAgreement = async (tx: Database, locationId: string, mallName: string) => {
  await tx.insert(agreements).values({
    location_id: locationId,
    agreement_type: 'kvkk',
    agreement_target: 'mobileapp',
    agreement_in_use: true,
    agreement_version: KVKK_VERSION,
    agreement_title: 'KVKK Aydınlatma Metni',
    agreement_text: kvkkNotice(mallName),
  });
};

export const toAgreement = (row: AgreementRow): Agreement => ({
  _id: row._id,
  agreement_title: row.agreement_title,
  agreement_text: row.agreement_text,
  agreement_target: row.agreement_target,
  agreement_type: row.agreement_type,
  agreement_text_pdf_tr: row.agreement_text_pdf_tr,
  agreement_text_pdf_en: row.agreement_text_pdf_en,
  agreement_in_use: row.agreement_in_use,
  agreement_version: row.agreement_version,
  createdAt: row.created_at.toISOString(),
});

/** The mall's agreements in use, of one type and target when asked, newest first. */
export const listAgreementsInUse = async (
  db: Database,
  locationId: string,
  filter: AgreementFilterBody['filter'] = {},
): Promise<Agreement[]> => {
  const rows = await db
    .select()
    .from(agreements)
    .where(
      and(
        eq(agreements.location_id, locationId),
        eq(agreements.agreement_in_use, true),
        filter.agreement_type ? eq(agreements.agreement_type, filter.agreement_type) : undefined,
        filter.agreement_target ? eq(agreements.agreement_target, filter.agreement_target) : undefined,
      ),
    )
    .orderBy(desc(agreements.created_at), desc(agreements._id));
  return rows.map(toAgreement);
};

/** The mall's KVKK notice in use (spec §5: type kvkk, target mobileapp), the newest if several. */
const kvkkNoticeInUse = async (db: Database, locationId: string): Promise<Agreement | undefined> =>
  (await listAgreementsInUse(db, locationId, { agreement_type: 'kvkk', agreement_target: 'mobileapp' }))[0];

/**
 * GET /customer-entry/kvkk: the notice the desk reads to a customer before they consent, the same
 * text the micro-site shows; 404 AGREEMENT_NOT_FOUND when the mall has none in use.
 */
export const entryKvkkNotice = async (db: Database, locationId: string): Promise<Agreement> => {
  const notice = await kvkkNoticeInUse(db, locationId);
  if (!notice) throw new AppError('AGREEMENT_NOT_FOUND', 404);
  return notice;
};

/** The version of the mall's KVKK notice in use on the micro-site, kept with consents that do not name one. */
export const currentKvkkVersion = async (db: Database, locationId: string): Promise<string | null> =>
  (await kvkkNoticeInUse(db, locationId))?.agreement_version ?? null;

/**
 * The agreement version a consent event records. A client names the text it showed, but the
 * history must not say whatever a client wrote: a version is kept only when it is one of this
 * mall's agreements in use (any type: KVKK notice, ETK permissions, terms); anything else (unknown,
 * withdrawn, another mall's) records the mall's KVKK notice in use, as does a consent naming none.
 */
export const recordedAgreementVersion = async (
  db: Database,
  locationId: string,
  requested: string | null | undefined,
): Promise<string | null> => {
  if (requested) {
    const [known] = await db
      .select({ version: agreements.agreement_version })
      .from(agreements)
      .where(
        and(
          eq(agreements.location_id, locationId),
          eq(agreements.agreement_in_use, true),
          eq(agreements.agreement_version, requested),
        ),
      )
      .limit(1);
    if (known) return known.version;
  }
  return currentKvkkVersion(db, locationId);
};
