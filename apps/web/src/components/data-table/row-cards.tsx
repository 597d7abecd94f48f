import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MouseEvent, ReactNode } from 'react';
import { type CardColumn, cardSlots } from './card-layout';

/** A column as a card shows it: its label already translated, its cell as rendered in the table. */
export interface CardListColumn<T> extends CardColumn {
  label: string;
  render: (row: T) => ReactNode;
}

/** The rows of a list as cards, one under the other (phones: no sideways scroll hides an amount). */
export function CardList({ label, stale, children }: { label?: string; stale?: boolean; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      data-card-list
      sx={{ listStyle: 'none', m: 0, p: 0, opacity: stale ? 0.6 : 1, transition: 'opacity .2s' }}
    >
      {children}
    </Box>
  );
}

interface RowCardProps<T> {
  row: T;
  columns: CardListColumn<T>[];
  /** The row's menu (⋮), at the heading's right. */
  actions?: ReactNode;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  /** The totals card: tinted like the table's footer. */
  tinted?: boolean;
  /** Narrowest width of a field (px): 140 for words, less for figures (three a line on a phone). */
  fieldWidth?: number;
}

const labelSx = { typography: 'caption', color: 'text.secondary', lineHeight: 1.4 } as const;
/** Words wrap in a field, whatever width or line the table cell asked for (« 5 × 10,00 $US »). */
const fieldValue = {
  typography: 'body2',
  overflowWrap: 'anywhere',
  '& *': { whiteSpace: 'normal !important', minWidth: '0 !important', maxWidth: 'none !important' },
  // A chip's height is one line: a wrapped label (« Succursale Centre-Ville ») grows it instead of spilling out.
  '& .MuiChip-root': { height: 'auto', minHeight: 24 },
  '& .MuiChip-label': { py: '2px' },
} as const;

/**
 * One row: the title and its status chips on the first line (with the menu), unlabelled subtitles
 * under it, then the amounts in large type and the other fields in small type, each under its label.
 */
export function RowCard<T>({ row, columns, actions, onClick, tinted, fieldWidth = 140 }: RowCardProps<T>) {
  const slots = cardSlots(columns);
  return (
    <Box
      component="li"
      onClick={onClick}
      sx={(theme) => ({
        px: 2,
        py: 1.5,
        borderBottom: `1px solid ${theme.palette.divider}`,
        cursor: onClick ? 'pointer' : undefined,
        bgcolor: tinted ? 'background.neutral' : undefined,
        '&:hover': onClick ? { bgcolor: 'action.hover' } : undefined,
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {slots.title ? slots.title.render(row) : null}
          {slots.subtitles.map((c) => (
            <Box
              key={c.id}
              sx={{
                typography: 'body2',
                color: 'text.secondary',
                fontWeight: 400,
                mt: 0.25,
                // A two-line cell (a date over its time, a name over its branch) reads as one line here.
                '& > *': { display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' },
              }}
            >
              {c.render(row)}
            </Box>
          ))}
        </Box>
        {slots.statuses.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5, flexShrink: 0 }}>
            {slots.statuses.map((c) => (
              <Box key={c.id} title={c.label}>
                {c.render(row)}
              </Box>
            ))}
          </Box>
        ) : null}
        {actions ? <Box sx={{ flexShrink: 0, mt: -0.5, mr: -1 }}>{actions}</Box> : null}
      </Box>
      <Labelled
        row={row}
        columns={slots.amounts}
        min={96}
        flow
        valueSx={{ typography: 'subtitle1', fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.4 }}
      />
      <Labelled row={row} columns={slots.fields} min={fieldWidth} valueSx={fieldValue} />
      {/* One column: min(100%, …) */}
      <Labelled row={row} columns={slots.wide} min={100_000} valueSx={fieldValue} />
    </Box>
  );
}

/**
 * Label over value, in as many columns as the card's width holds: a grid of `min` px columns, or
 * (`flow`, for figures that must never be cut) boxes at least as wide as their figure, wrapping.
 */
function Labelled<T>({
  row,
  columns,
  min,
  flow = false,
  valueSx,
}: {
  row: T;
  columns: CardListColumn<T>[];
  min: number;
  flow?: boolean;
  valueSx: SxProps<Theme>;
}) {
  if (!columns.length) return null;
  return (
    <Box
      component="dl"
      sx={{
        ...(flow
          ? { display: 'flex', flexWrap: 'wrap' }
          : { display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${min}px), 1fr))` }),
        columnGap: 2,
        rowGap: 1,
        m: 0,
        mt: 1.25,
      }}
    >
      {columns.map((c) => (
        <Box
          key={c.id}
          sx={flow ? { flex: `1 1 ${min}px`, minWidth: 'max-content' } : { minWidth: 0 }}
          data-card-field={c.id}
        >
          <Box component="dt" sx={labelSx}>
            {c.label}
          </Box>
          <Box component="dd" sx={[{ m: 0, textAlign: 'left' }, ...(Array.isArray(valueSx) ? valueSx : [valueSx])]}>
            {c.render(row)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Grey cards in place of the first page while it loads. */
export function CardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
    <Box component="li" key={i} aria-hidden="true" sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Skeleton variant="text" width="45%" />
      <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
        <Skeleton variant="text" width="30%" height={32} />
        <Skeleton variant="text" width="30%" height={32} />
      </Box>
    </Box>
  ));
}
