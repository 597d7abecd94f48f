/**
 * Small server-rendered pages of the payment flow (the sandbox checkout, the outcome of a provider's
 * return). No script (the CSP forbids inline scripts and none is needed: buttons are forms); the
 * style is one <style> element (the CSP allows inline styles).
 */

export const esc = (s: string | number) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  background:#f3f5f9;color:#1c2331;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.08);padding:32px;width:min(440px,94vw)}
  h1{font-size:1.3rem;margin:0 0 4px} .muted{color:#6b7280;font-size:.9rem;margin:0 0 20px}
  .badge{display:inline-block;background:#fff4e5;color:#8a5300;border-radius:6px;padding:2px 8px;font-size:.8rem;margin-bottom:16px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 24px} dt{color:#6b7280} dd{margin:0;text-align:right}
  .amount{font-size:1.6rem;font-weight:700;text-align:center;margin:8px 0 24px}
  form{margin:0} button{width:100%;border:0;border-radius:8px;padding:12px;font-size:1rem;cursor:pointer;margin-top:10px}
  .pay{background:#1565c0;color:#fff} .cancel{background:#eceff1;color:#37474f}
  a.button{display:block;text-align:center;text-decoration:none;background:#1565c0;color:#fff;border-radius:8px;padding:12px;margin-top:16px}
  .error h1{color:#c62828} .ok h1{color:#1b7f3b}`;

export function htmlPage(title: string, body: string, tone: 'plain' | 'error' | 'ok' = 'plain'): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main class="${tone}">${body}</main></body></html>`;
}

/** A page that says what happened and leads back to the back office. */
export function messagePage(
  title: string,
  message: string,
  tone: 'error' | 'ok' = 'error',
  back = '/dashboard/company/facturation',
) {
  return htmlPage(
    title,
    `<h1>${esc(title)}</h1><p>${esc(message)}</p><a class="button" href="${esc(back)}">Retour à la facturation</a>`,
    tone,
  );
}
