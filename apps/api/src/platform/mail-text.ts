import type { TenantRow } from './context';

/** Mail is written in Korean or English (spec §9: ko and en); other interface languages read English. */
export type MailLanguage = 'ko' | 'en';
export const mailLanguage = (language: string | null | undefined): MailLanguage => (language === 'ko' ? 'ko' : 'en');
export const tenantName = (tenant: Pick<TenantRow, 'koName' | 'enName'>, lang: MailLanguage) => (lang === 'ko' ? tenant.koName : tenant.enName);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain mail: a greeting, paragraphs, and optionally a button-like link; text and HTML alike. */
export function mailBody(paragraphs: string[], link?: { label: string; url: string }): { text: string; html: string } {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.6;color:#1f2328">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}" style="color:#4c6ef5">${escapeHtml(link.label)}</a></p>`] : []),
    '</div>',
  ].join('\n');
  return { text, html };
}
