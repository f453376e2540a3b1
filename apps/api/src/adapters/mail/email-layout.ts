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
  const footerHtml = footer
    ? `<p style="color:#a0a0b0;font-size:13px">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.url)}" style="color:#b3a8ff">${escapeHtml(footer.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b0b10;color:#ececf1;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#15151f;border-radius:16px;padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(brand.brandName)}</h1>
${lines.map((line) => `<p style="line-height:1.5">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#8b7bff;color:#0b0b10;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#a0a0b0;font-size:13px">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
${footerHtml}
</div></body></html>`;
  const footerText = footer ? `\n\n${footer.text} ${footer.url}` : '';
  const text = `${lines.join('\n\n')}\n\n${action.label}: ${action.url}${footerText}\n\n— ${brand.brandName}`;
  return { text, html };
}
