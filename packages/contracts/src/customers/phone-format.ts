/**
 * Spec §5, issue 12: one way to show a phone number to people, wherever it is shown (back-office,
 * micro-site, exports): a Turkish number as `0532 890 61 24`, however it was written
 * (`5328906124`, `+905328906124`, `0090 532 890 6124`); any other number as given. Free of
 * dependencies, so the micro-site imports it (`@avlu/contracts/customers/phone-format`) without
 * the phone parser's metadata.
 */
const TURKISH = /^(?:\+90|0090|90|0)?([1-9]\d{2})(\d{3})(\d{2})(\d{2})$/;

export const displayPhone = (phone: string): string => {
  const turkish = TURKISH.exec(phone.replace(/[\s().-]/g, ''));
  return turkish ? `0${turkish[1]} ${turkish[2]} ${turkish[3]} ${turkish[4]}` : phone;
};
