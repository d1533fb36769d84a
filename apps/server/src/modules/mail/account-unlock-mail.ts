import type { Language } from '@avlu/contracts';
import type { MailMessage } from '../../platform/mail';
import { actionMail } from './mail-layout';

export type AccountUnlockMail = {
  lang: Language;
  to: string;
  name: string;
  link: string;
  expiresInHours: number;
};

const texts = {
  tr: (mail: AccountUnlockMail) => ({
    subject: 'Avlu hesabınız kilitlendi',
    title: 'Hesabınızın kilidini açın',
    paragraphs: [
      `Merhaba ${mail.name},`,
      'Avlu hesabınızda çok sayıda başarısız giriş denemesi olduğu için hesabınızı koruma amacıyla kilitledik. Bu denemeleri siz yaptıysanız aşağıdaki düğmeyle kilidi açabilirsiniz.',
      `Bağlantı ${mail.expiresInHours} saat geçerlidir ve yalnızca bir kez kullanılabilir.`,
    ],
    action: 'Hesabımın kilidini aç',
    linkIntro: 'Düğme çalışmazsa bu bağlantıyı tarayıcınıza yapıştırın:',
    footer:
      'Bu denemeleri siz yapmadıysanız biri şifrenizi tahmin etmeye çalışıyor olabilir: kilidi açtıktan sonra şifrenizi değiştirin ya da şifre sıfırlama ile yeni bir şifre belirleyin.',
  }),
  en: (mail: AccountUnlockMail) => ({
    subject: 'Your Avlu account is locked',
    title: 'Unlock your account',
    paragraphs: [
      `Hello ${mail.name},`,
      'There were many failed attempts to sign in to your Avlu account, so we locked it to protect it. If they were yours, unlock it with the button below.',
      `The link is valid for ${mail.expiresInHours} hours and works once.`,
    ],
    action: 'Unlock my account',
    linkIntro: 'If the button does not work, paste this link into your browser:',
    footer:
      'If the attempts were not yours, someone may be guessing your password: after unlocking, change it, or choose a new one with a password reset.',
  }),
};

/** The mail with the unlock link (`/auth/unlock/{token}`), sent when too many failures locked an account. */
export const accountUnlockMail = (mail: AccountUnlockMail): MailMessage =>
  actionMail(mail.to, mail.lang, mail.link, texts[mail.lang](mail));
