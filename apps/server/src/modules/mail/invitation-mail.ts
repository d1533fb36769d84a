import type { Language } from '@avlu/contracts';
import type { MailMessage } from '../../platform/mail';
import { actionMail } from './mail-layout';

export type InvitationMail = {
  lang: Language;
  to: string;
  inviterName: string;
  roleName: string;
  link: string;
  expiresInDays: number;
};

const texts = {
  tr: (mail: InvitationMail) => ({
    subject: 'Avlu yönetim paneline davet edildiniz',
    title: 'Avlu’ya davet edildiniz',
    paragraphs: [
      `${mail.inviterName} sizi Avlu yönetim paneline “${mail.roleName}” rolüyle davet etti.`,
      `Hesabınızı oluşturmak için aşağıdaki düğmeye tıklayın. Bağlantı ${mail.expiresInDays} gün geçerlidir ve yalnızca bir kez kullanılabilir.`,
    ],
    action: 'Daveti kabul et',
    linkIntro: 'Düğme çalışmazsa bu bağlantıyı tarayıcınıza yapıştırın:',
    footer: 'Bu daveti beklemiyorsanız bu e-postayı yok sayabilirsiniz.',
  }),
  en: (mail: InvitationMail) => ({
    subject: 'You are invited to the Avlu admin panel',
    title: 'You are invited to Avlu',
    paragraphs: [
      `${mail.inviterName} invited you to the Avlu admin panel with the role “${mail.roleName}”.`,
      `Click the button below to create your account. The link is valid for ${mail.expiresInDays} days and works once.`,
    ],
    action: 'Accept the invitation',
    linkIntro: 'If the button does not work, paste this link into your browser:',
    footer: 'If you did not expect this invitation, you can ignore this email.',
  }),
};

/** The mail with the register-by-invitation link (spec §2 /auth/register/{inviteId}). */
export const invitationMail = (mail: InvitationMail): MailMessage =>
  actionMail(mail.to, mail.lang, mail.link, texts[mail.lang](mail));
