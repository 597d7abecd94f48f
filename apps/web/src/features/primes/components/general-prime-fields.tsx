import { PRIME_FIELDS, type PrimeField } from '@borlette/shared/contracts/primes';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../../components/form';
import { parseAmount } from '../../../lib/money';
import { typedMultiplier } from '../example';
import { PrimeExample } from './prime-example';
import { PrimeFields } from './prime-fields';
import type { PrimeGeneralInput } from './prime-schema';

function Example({ currency }: { currency: string }) {
  const { control } = useFormContext<PrimeGeneralInput>();
  const values = useWatch({ control });
  const primes = Object.fromEntries(PRIME_FIELDS.map((f) => [f, typedMultiplier(values[f])])) as Record<
    PrimeField,
    number | null
  >;
  return (
    <PrimeExample
      primes={primes}
      cumulative={values.bolet_cumulative === 'each'}
      freeMariage={parseAmount(values.free_mariage_amount ?? '')}
      currency={currency}
    />
  );
}

/** The general primes, the free mariage amount and the bolet rule, with the worked example. */
export function GeneralPrimeFields({ currency, disabled }: { currency: string; disabled?: boolean }) {
  const { t } = useTranslation('primes');
  const { control } = useFormContext<PrimeGeneralInput>();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <PrimeFields<PrimeGeneralInput> disabled={disabled} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            {t('groups.free.title')}
          </Typography>
          {/* AmountInput, with the read-only state of a user who may not change the primes. */}
          <RHFTextField<PrimeGeneralInput>
            name="free_mariage_amount"
            label={t('fields.free_mariage_amount')}
            required
            disabled={disabled}
            placeholder="0,00"
            helperText={t('fields.freeHelp')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', maxLength: 20, autoComplete: 'off' },
              input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
            }}
          />
        </Box>
        <Controller
          control={control}
          name="bolet_cumulative"
          render={({ field }) => (
            <FormControl disabled={disabled}>
              <FormLabel id="bolet-cumulative" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.5 }}>
                {t('fields.bolet_cumulative')}
              </FormLabel>
              <RadioGroup
                aria-labelledby="bolet-cumulative"
                name={field.name}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
              >
                <FormControlLabel value="each" control={<Radio />} label={t('fields.cumulativeEach')} />
                <FormControlLabel value="best" control={<Radio />} label={t('fields.cumulativeBest')} />
              </RadioGroup>
              <FormHelperText sx={{ mx: 0 }}>{t('fields.cumulativeHelp')}</FormHelperText>
            </FormControl>
          )}
        />
      </Box>
      <Example currency={currency} />
    </Box>
  );
}
