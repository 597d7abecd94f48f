import GlobalStyles from '@mui/material/GlobalStyles';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PrintLayout } from '../lib/print-layout';

const SHEET = 'borlette-report-sheet';

const styles = (wide: boolean) => ({
  [`.${SHEET}`]: { display: 'none' },
  '@media print': {
    '@page': { size: wide ? 'A4 landscape' : 'A4', margin: '12mm 10mm' },
    [`body > *:not(.${SHEET})`]: { display: 'none !important' },
    'html, body': { background: '#fff !important' },
    [`.${SHEET}`]: {
      display: 'block !important',
      color: '#000',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      fontSize: wide ? '8pt' : '9pt',
      lineHeight: 1.35,
    },
    [`.${SHEET} header`]: { borderBottom: '1.5pt solid #000', paddingBottom: '3mm', marginBottom: '4mm' },
    [`.${SHEET} .top`]: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '6mm' },
    [`.${SHEET} h1`]: { fontSize: '15pt', margin: 0 },
    [`.${SHEET} .company`]: { fontSize: '11pt', fontWeight: 700 },
    [`.${SHEET} .muted`]: { color: '#444' },
    [`.${SHEET} dl`]: {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(38mm, 1fr))',
      gap: '1.5mm 5mm',
      margin: '3mm 0 0',
    },
    [`.${SHEET} dt`]: { color: '#444', fontSize: '7.5pt', textTransform: 'uppercase', letterSpacing: '0.03em' },
    [`.${SHEET} dd`]: { margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
    [`.${SHEET} .section`]: {
      marginTop: '3mm',
      fontSize: '7.5pt',
      fontWeight: 700,
      textTransform: 'uppercase',
      letterSpacing: '0.05em',
    },
    [`.${SHEET} dl.totals`]: { border: '0.75pt solid #000', padding: '2mm 3mm', marginTop: '1mm' },
    [`.${SHEET} dl.totals dd`]: { fontSize: '10.5pt' },
    [`.${SHEET} table`]: { width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' },
    [`.${SHEET} thead`]: { display: 'table-header-group' },
    [`.${SHEET} tfoot`]: { display: 'table-row-group' },
    [`.${SHEET} tr`]: { breakInside: 'avoid', pageBreakInside: 'avoid' },
    [`.${SHEET} th`]: {
      textAlign: 'left',
      borderBottom: '1pt solid #000',
      padding: '1.5mm 2mm',
      fontSize: wide ? '7pt' : '8pt',
      verticalAlign: 'bottom',
    },
    [`.${SHEET} td`]: { padding: '1.2mm 2mm', borderBottom: '0.5pt solid #bbb', verticalAlign: 'top' },
    [`.${SHEET} tbody tr:nth-of-type(even) td`]: { background: '#f3f3f3' },
    [`.${SHEET} tfoot td`]: { borderTop: '1.5pt solid #000', borderBottom: 'none', fontWeight: 700 },
    [`.${SHEET} .num`]: { textAlign: 'right', whiteSpace: 'nowrap' },
    [`.${SHEET} td .caption`]: { display: 'block', color: '#555', fontSize: '7pt' },
    [`.${SHEET} td:first-of-type`]: { minWidth: '32mm' },
    [`.${SHEET} footer`]: { marginTop: '4mm', fontSize: '7.5pt', color: '#444' },
    '*': { WebkitPrintColorAdjust: 'exact', printColorAdjust: 'exact' },
  },
});

/**
 * The printed report (window.print): a portal under <body>, hidden on screen; the print stylesheet
 * shows only it, black on white on A4, the header (company, title, period, filters, totals) first.
 */
export function PrintSheet({ layout }: { layout: PrintLayout | null }) {
  const { t } = useTranslation('reports');
  if (!layout) return null;
  return createPortal(
    <>
      <GlobalStyles styles={styles(layout.wide)} />
      <div className={SHEET} data-testid="report-print-sheet">
        <header>
          <div className="top">
            <div>
              <div className="company">{layout.company}</div>
              <h1>{layout.title}</h1>
            </div>
            <div className="muted" style={{ textAlign: 'right' }}>
              <div style={{ fontWeight: 700, color: '#000' }}>{layout.period}</div>
              <div>{layout.note}</div>
              <div>{t('print.printedAt', { at: layout.printedAt })}</div>
            </div>
          </div>
          {layout.filters.length ? (
            <dl>
              {layout.filters.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className="section">{t('print.totals')}</div>
          <dl className="totals">
            {layout.summary.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </header>
        {layout.empty ? (
          <p>{t('print.empty')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                {layout.head.map((h) => (
                  <th key={h.text} className={h.align === 'right' ? 'num' : undefined}>
                    {h.text}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {layout.body.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: printed rows without identity
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a printed row
                    <td key={c} className={layout.head[c]?.align === 'right' ? 'num' : undefined}>
                      {cell.text}
                      {cell.caption ? <span className="caption">{cell.caption}</span> : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              {layout.foot.map((line, l) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one totals line per currency
                <tr key={l}>
                  {line.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of the totals line
                    <td key={c} className={layout.head[c]?.align === 'right' ? 'num' : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          </table>
        )}
        <footer>
          {layout.company} · {layout.title} · {layout.period}
        </footer>
      </div>
    </>,
    document.body,
  );
}
