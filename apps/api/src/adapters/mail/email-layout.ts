import { HOUSE_COLOURS } from './house-colours.ts';

/** The brand every email is signed with and links back to. */
export interface EmailBrand {
  brandName: string;
  publicUrl: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The one look of our emails: lines of text, one button, the link spelled out for clients that hide buttons, and
 * an optional footer (the unsubscribe link of newsletter mail). Text and HTML carry the same words.
 */
export function emailLayout(
  brand: EmailBrand,
  lines: string[],
  action: { label: string; url: string },
  footer?: { text: string; url: string },
) {
  // Mail clients ignore stylesheets and most media queries, so the dark theme is written inline, as the app opens.
  const colour = HOUSE_COLOURS.dark;
  const footerHtml = footer
    ? `<p style="color:${colour.textMuted};font-size:13px">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.url)}" style="color:${colour.accent}">${escapeHtml(footer.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:${colour.bg};color:${colour.text};padding:24px">
<div style="max-width:520px;margin:0 auto;background:${colour.surface};border:1px solid ${colour.border};border-radius:16px;padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(brand.brandName)}</h1>
${lines.map((line) => `<p style="line-height:1.5">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${colour.accent};color:${colour.onAccent};padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:${colour.textMuted};font-size:13px">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
${footerHtml}
</div></body></html>`;
  const footerText = footer ? `\n\n${footer.text} ${footer.url}` : '';
  const text = `${lines.join('\n\n')}\n\n${action.label}: ${action.url}${footerText}\n\n— ${brand.brandName}`;
  return { text, html };
}
