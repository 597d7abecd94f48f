import type { PrimeField, PrimeValues } from '@borlette/shared/contracts/primes';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../../components/form';
import { formatNumber } from '../../../lib/format';

/** The multipliers by game, in the order a borlette admin thinks of them. */
export const PRIME_GROUPS: {
  key: 'bolet' | 'mariage' | 'loto3' | 'loto4' | 'loto5';
  fields: PrimeField[];
  wide: boolean;
}[] = [
  { key: 'bolet', fields: ['bolet_1', 'bolet_2', 'bolet_3'], wide: true },
  { key: 'mariage', fields: ['mariage'], wide: false },
  { key: 'loto3', fields: ['loto3'], wide: false },
  { key: 'loto4', fields: ['loto4_o1', 'loto4_o2', 'loto4_o3'], wide: true },
  { key: 'loto5', fields: ['loto5_o1', 'loto5_o2', 'loto5_o3'], wide: true },
];

/**
 * The eleven multipliers, grouped by game. `inherited`: the level is optional, an empty field
 * inherits (its placeholder shows the value inherited, « hérite : 50 »).
 */
export function PrimeFields<T extends FieldValues>({
  optional = false,
  inherited,
  disabled,
}: {
  optional?: boolean;
  inherited?: PrimeValues | null;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('primes');
  const number = (n: number) => formatNumber(n, i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {PRIME_GROUPS.map((g) => (
        <Box
          key={g.key}
          component="fieldset"
          disabled={disabled}
          sx={{
            gridColumn: g.wide ? '1 / -1' : undefined,
            m: 0,
            p: 2,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1.5,
            minWidth: 0,
          }}
        >
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {t(`groups.${g.key}.title`)}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 2 }}>
            {t(`groups.${g.key}.help`)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: g.fields.length > 1 ? '1fr 1fr' : '1fr',
                sm: `repeat(${g.fields.length}, 1fr)`,
              },
            }}
          >
            {g.fields.map((f) => (
              <RHFTextField<T>
                key={f}
                name={f as Path<T>}
                label={t(`fields.${f}`)}
                required={!optional}
                disabled={disabled}
                placeholder={
                  optional
                    ? inherited
                      ? t('inherits', { value: number(inherited[f]) })
                      : t('inheritsShort')
                    : undefined
                }
                slotProps={{
                  inputLabel: optional ? { shrink: true } : undefined,
                  htmlInput: { inputMode: 'numeric', maxLength: 9, autoComplete: 'off' },
                  input: { startAdornment: <InputAdornment position="start">×</InputAdornment> },
                }}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
