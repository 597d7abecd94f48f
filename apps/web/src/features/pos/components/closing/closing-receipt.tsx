import type { AgentClosing } from '@borlette/shared/contracts/closing';
import { closingPaper } from '@borlette/shared/receipt/closing-model';
import Box from '@mui/material/Box';
import { paperSx } from '../../../../components/printing/paper';
import { PaperRow, paperRule as rule } from '../../../../components/printing/paper-row';
import type { PrintDocument } from '../../../../components/printing/use-printer';

/**
 * The day closing on paper for the print dialog: the rows of closingPaper (the same the thermal
 * printer gets as bytes), 58 or 80 mm wide (the print area's --paper-width), monospace, black on white
 * in any theme, like the ticket's receipt.
 */
export function ClosingReceipt({ closing }: { closing: AgentClosing }) {
  const paper = closingPaper(closing);
  return (
    <Box className="pos-receipt" data-closing-receipt sx={paperSx}>
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: '12pt', textTransform: 'uppercase' }}>
        {paper.company}
      </Box>
      <Box sx={{ textAlign: 'center', fontWeight: 700, mt: '1mm' }}>{paper.title}</Box>
      {paper.head.map((line) => (
        <Box key={line} sx={{ textAlign: 'center' }}>
          {line}
        </Box>
      ))}
      {paper.empty ? (
        <>
          <Box sx={rule} />
          <Box>{paper.empty}</Box>
        </>
      ) : null}
      {paper.sections.map((s) => (
        <Box key={s.title}>
          <Box sx={rule} />
          <Box sx={{ textAlign: 'center', fontWeight: 700 }}>{s.title}</Box>
          {s.rows.map((r) => (
            <PaperRow key={r.label} row={r} />
          ))}
        </Box>
      ))}
      <Box sx={rule} />
      {paper.footer.map((line) => (
        <Box key={line} sx={{ mt: '2mm', mb: '6mm' }}>
          {line}
        </Box>
      ))}
    </Box>
  );
}

/** The closing to print: bytes for a thermal printer, the HTML above for the print dialog. */
export function closingDocument(closing: AgentClosing): PrintDocument {
  return {
    name: `cloture-${closing.agent.username}-${closing.date}`,
    // The encoder's chunk on first use (components/printing/escpos-loader.ts): a print-dialog terminal never fetches it.
    escpos: async (width) => (await import('@borlette/shared/receipt/closing-escpos')).closingEscpos(closing, width),
    html: <ClosingReceipt closing={closing} />,
  };
}
