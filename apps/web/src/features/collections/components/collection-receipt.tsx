import type { Collection } from '@borlette/shared/contracts/collections';
import { collectionPaper } from '@borlette/shared/receipt/collection-model';
import Box from '@mui/material/Box';
import { paperSx } from '../../../components/printing/paper';
import { PaperRow, paperRule as rule } from '../../../components/printing/paper-row';
import type { PrintDocument } from '../../../components/printing/use-printer';

/**
 * The collection's receipt as the print dialog prints it and the screen shows it: the rows of
 * collectionPaper (the same the thermal printer gets as bytes), 58 or 80 mm wide, black on white.
 */
export function CollectionReceipt({ collection }: { collection: Collection }) {
  const paper = collectionPaper(collection);
  return (
    <Box data-collection-receipt sx={paperSx}>
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: '12pt', textTransform: 'uppercase' }}>
        {paper.company}
      </Box>
      <Box sx={{ textAlign: 'center', fontWeight: 700, mt: '1mm' }}>{paper.title}</Box>
      {paper.head.map((line) => (
        <Box key={line} sx={{ textAlign: 'center' }}>
          {line}
        </Box>
      ))}
      <Box sx={rule} />
      {paper.rows.map((r) => (
        <PaperRow key={r.label} row={r} />
      ))}
      {paper.notes.length ? <Box sx={rule} /> : null}
      {paper.notes.map((line) => (
        <Box key={line} sx={{ overflowWrap: 'anywhere' }}>
          {line}
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

/** What the printer gets: exactly collectionEscpos' bytes (its encoder loaded on the first thermal print), or the HTML. */
export function collectionDocument(collection: Collection): PrintDocument {
  return {
    name: `collecte-${collection.id}`,
    escpos: async (width) =>
      (await import('@borlette/shared/receipt/collection-escpos')).collectionEscpos(collection, width),
    html: <CollectionReceipt collection={collection} />,
  };
}
