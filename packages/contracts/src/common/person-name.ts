/**
 * What a person's name or surname may hold (issue 12 #8): letters of any script with their marks,
 * spaces, apostrophes (' and ’), hyphens and dots, and at least one letter. "Şükrü Öztürk-Çelik",
 * "O'Neil", "Ayşe Nur", "J. R." pass; "0533 444 55 66" and "@ali" do not. No zod here: the
 * micro-site checks names with it without loading contracts' schemas (see its lib/contract.ts).
 */
const PERSON_NAME = /^[\p{L}\p{M} '’.\-‐]+$/u;
const LETTER = /\p{L}/u;

export const isPersonName = (value: string) => PERSON_NAME.test(value) && LETTER.test(value);
