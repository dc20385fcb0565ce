import { EMAIL_CODE_TTL_SECONDS, type Language } from '@cloudbay/contracts';

export type CodePurpose = 'signup' | 'reset_password' | 'change_password' | 'login';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const minutes = EMAIL_CODE_TTL_SECONDS / 60;

const CODE_MAILS: Record<Language, Record<CodePurpose, { subject: string; intro: string }>> = {
  'zh-CN': {
    signup: { subject: 'Cloudbay 注册验证码', intro: '您正在注册 Cloudbay 账户，验证码为：' },
    reset_password: {
      subject: 'Cloudbay 重置密码验证码',
      intro: '您正在重置 Cloudbay 账户的密码，验证码为：',
    },
    change_password: {
      subject: 'Cloudbay 修改密码验证码',
      intro: '您正在修改 Cloudbay 账户的密码，验证码为：',
    },
    login: {
      subject: 'Cloudbay 登录验证码',
      intro: '您的账户近期有多次登录失败，本次登录需同时输入密码和验证码。验证码为：',
    },
  },
  'en-US': {
    signup: {
      subject: 'Your Cloudbay sign-up code',
      intro: 'You are creating a Cloudbay account. Your code is:',
    },
    reset_password: {
      subject: 'Your Cloudbay password reset code',
      intro: 'You asked to reset the password of your Cloudbay account. Your code is:',
    },
    change_password: {
      subject: 'Your Cloudbay password change code',
      intro: 'You are changing the password of your Cloudbay account. Your code is:',
    },
    login: {
      subject: 'Your Cloudbay login code',
      intro:
        'Your account has seen many failed logins, so logging in needs this code with the password. Your code is:',
    },
  },
};

const FOOTER: Record<Language, string> = {
  'zh-CN': `验证码 ${minutes} 分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。`,
  'en-US': `The code is valid for ${minutes} minutes and works once. If this was not you, ignore this mail.`,
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The verification-code mail in the reader's language. */
export function renderCodeMail(purpose: CodePurpose, language: Language, code: string): RenderedMail {
  const { subject, intro } = CODE_MAILS[language][purpose];
  const footer = FOOTER[language];
  return {
    subject,
    text: `${intro} ${code}\n\n${footer}\n\nCloudbay`,
    html:
      `<div style="font-family:sans-serif;max-width:480px;margin:auto;color:#1f1f1f">` +
      `<h2 style="color:#2395FF">Cloudbay</h2><p>${escapeHtml(intro)}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>` +
      `<p style="color:#8c8c8c;font-size:13px">${escapeHtml(footer)}</p></div>`,
  };
}
