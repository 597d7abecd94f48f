import type { Collection } from '@borlette/shared/contracts/collections';
import { collectionPaper } from '@borlette/shared/receipt/collection-escpos';

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * Prints the collection's receipt through the browser (a hidden frame): the same rows as the ESC/POS
 * bytes (collectionPaper), on a 58/80 mm wide column, so a thermal printer set as the system's prints it.
 */
export function printCollection(c: Collection) {
  const p = collectionPaper(c);
  const rows = p.rows
    .map((r) => `<tr${r.strong ? ' class="s"' : ''}><td>${esc(r.label)}</td><td class="r">${esc(r.value)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${esc(p.title)}</title>
<style>body{font:12px monospace;width:72mm;margin:0 auto}h1,h2{text-align:center;margin:4px 0}h1{font-size:16px}
h2{font-size:13px}p{margin:2px 0}.c{text-align:center}table{width:100%;border-collapse:collapse;margin:6px 0}
.r{text-align:right}.s td{font-weight:bold}hr{border:0;border-top:1px dashed #000}.sig{margin-top:18px}</style></head>
<body><h1>${esc(p.company.toUpperCase())}</h1><h2>${esc(p.title)}</h2>
${p.head.map((l) => `<p class="c">${esc(l)}</p>`).join('')}<hr><table>${rows}</table>
${p.notes.length ? `<hr>${p.notes.map((l) => `<p>${esc(l)}</p>`).join('')}` : ''}<hr>
${p.footer.map((l) => `<p class="sig">${esc(l)}</p>`).join('')}</body></html>`;
  const frame = document.createElement('iframe');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  frame.setAttribute('aria-hidden', 'true');
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  if (!doc || !frame.contentWindow) return;
  doc.open();
  doc.write(html);
  doc.close();
  frame.contentWindow.focus();
  frame.contentWindow.print();
  setTimeout(() => frame.remove(), 60_000);
}
