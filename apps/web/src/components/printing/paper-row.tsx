import Box from '@mui/material/Box';

/** The dashed line between a receipt's parts on paper. */
export const paperRule = { borderTop: '1px dashed #000', my: '1.5mm' } as const;

/** One « label … value » line of a receipt on paper (collection, closing), bold when `strong`. */
export function PaperRow({ row }: { row: { label: string; value: string; strong?: boolean } }) {
  return (
    <Box sx={{ display: 'flex', gap: '2mm', fontWeight: row.strong ? 700 : 400 }}>
      <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {row.label}
      </Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {row.value}
      </Box>
    </Box>
  );
}
