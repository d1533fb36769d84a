export default {
  title: 'Agreements',
  text: 'The mall’s agreements and privacy notices in force',
  types: {
    terms_and_conditions: 'Membership Agreement',
    etk_permissions: 'Commercial Electronic Message Consent',
    kvkk: 'Privacy Notice (KVKK)',
  },
  typeTexts: {
    terms_and_conditions: 'The rules of membership, points and coupons',
    etk_permissions: 'Campaigns and news sent by SMS, email and phone',
    kvkk: 'How your personal data is processed and your rights',
  },
  notFound: 'Agreement not found',
  notFoundText: 'The mall has no text of this kind in force at the moment.',
  pdfNotFound: 'PDF agreement text not found',
  downloadPdf: 'Download the PDF (English)',
  otherPdf: 'Download the Turkish PDF',
  inForce: 'In force since {{date}}',
  loadError: 'The agreement could not be loaded',
  all: 'All agreements',
  home: 'Back to the home page',
};
