import type { Language } from '@avlu/contracts';
import type { MailMessage } from '../../platform/mail';
import { actionMail } from './mail-layout';

export type PasswordResetMail = {
  lang: Language;
  to: string;
  name: string;
  link: string;
  expiresInMinutes: number;
};

const texts = {
  tr: (mail: PasswordResetMail) => ({
    subject: 'Avlu şifre sıfırlama',
    title: 'Şifrenizi sıfırlayın',
    paragraphs: [
      `Merhaba ${mail.name},`,
      `Avlu hesabınız için şifre sıfırlama isteği aldık. Yeni bir şifre belirlemek için aşağıdaki düğmeye tıklayın. Bağlantı ${mail.expiresInMinutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir.`,
    ],
    action: 'Şifremi sıfırla',
    linkIntro: 'Düğme çalışmazsa bu bağlantıyı tarayıcınıza yapıştırın:',
    footer: 'Bu isteği siz yapmadıysanız bu e-postayı yok sayın; şifreniz değişmez.',
  }),
  en: (mail: PasswordResetMail) => ({
    subject: 'Avlu password reset',
    title: 'Reset your password',
    paragraphs: [
      `Hello ${mail.name},`,
      `We received a request to reset the password of your Avlu account. Click the button below to choose a new password. The link is valid for ${mail.expiresInMinutes} minutes and works once.`,
    ],
    action: 'Reset my password',
    linkIntro: 'If the button does not work, paste this link into your browser:',
    footer: 'If you did not ask for this, ignore this email; your password stays the same.',
  }),
};

/** The mail with the reset link (spec §2 /auth/reset-password/{token}). */
export const passwordResetMail = (mail: PasswordResetMail): MailMessage =>
  actionMail(mail.to, mail.lang, mail.link, texts[mail.lang](mail));
