import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

/**
 * The currency of a page's figures when the superuser's « Toutes » spans companies of several
 * currencies (the server never adds amounts across them: the answer names its currency and the
 * others of the selection). Nothing to show with one currency. The texts are the page's (its namespace).
 */
export function CurrencySwitch({
  currencies,
  value,
  onChange,
  label,
  note,
}: {
  currencies: readonly string[] | undefined;
  /** The currency of the figures on screen. */
  value: string;
  onChange: (currency: string) => void;
  label: string;
  /** Says that the figures are of that currency only. */
  note: string;
}) {
  if (!currencies || currencies.length < 2) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={value}
        aria-label={label}
        onChange={(_, next: string | null) => {
          if (next) onChange(next);
        }}
      >
        {currencies.map((c) => (
          <ToggleButton key={c} value={c} sx={{ px: 2, fontWeight: 700 }}>
            {c}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {note}
      </Typography>
    </Box>
  );
}
