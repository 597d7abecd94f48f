import type { GeneratedAgent } from '@borlette/shared/contracts/generate-agent';
import GlobalStyles from '@mui/material/GlobalStyles';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const SHEET_CLASS = 'borlette-print-sheet';

/**
 * The printable sheet (window.print): one card per agent to cut out, black on white. Rendered in a
 * portal straight under <body>; the print stylesheet shows only it, the screen never shows it.
 */
export function PrintSheet({ agents, company }: { agents: GeneratedAgent[]; company: string }) {
  const { t } = useTranslation('generateAgent');
  return createPortal(
    <>
      <GlobalStyles
        styles={{
          [`.${SHEET_CLASS}`]: { display: 'none' },
          '@media print': {
            '@page': { size: 'A4', margin: '10mm' },
            [`body > *:not(.${SHEET_CLASS})`]: { display: 'none !important' },
            body: { background: '#fff !important' },
            [`.${SHEET_CLASS}`]: {
              display: 'grid !important',
              gridTemplateColumns: 'repeat(3, 1fr)',
              gap: '4mm',
              color: '#000',
              fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
              fontSize: '9pt',
            },
          },
        }}
      />
      <div className={SHEET_CLASS}>
        {agents.map((a) => (
          <section
            key={a.id}
            style={{
              border: '1px dashed #555',
              borderRadius: '2mm',
              padding: '3mm 4mm',
              breakInside: 'avoid',
              pageBreakInside: 'avoid',
            }}
          >
            <div style={{ fontWeight: 700, fontSize: '10pt', marginBottom: '1mm' }}>{company}</div>
            <div style={{ color: '#444', marginBottom: '2mm' }}>
              {`${a.first_name} ${a.last_name}`} · {a.surcussale_name}
            </div>
            <div style={{ color: '#444' }}>{t('print.username')}</div>
            <div style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: '12pt', fontWeight: 700 }}>
              {a.username}
            </div>
            <div style={{ color: '#444', marginTop: '1.5mm' }}>{t('print.password')}</div>
            <div
              style={{
                fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                fontSize: '13pt',
                fontWeight: 700,
                letterSpacing: '0.08em',
              }}
            >
              {a.password}
            </div>
            <div style={{ color: '#555', fontSize: '7.5pt', marginTop: '2mm' }}>{t('print.keepSecret')}</div>
          </section>
        ))}
      </div>
    </>,
    document.body,
  );
}
