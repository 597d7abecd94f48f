import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MOVEMENT_KINDS } from '../lib/wallet-kinds';

/** The kind of movement as three cards: Dépôt, Retrait, Ajustement, each with what it means. */
export function KindField() {
  const { t } = useTranslation('wallet');
  const { control } = useFormContext<{ kind: string }>();
  return (
    <Controller
      control={control}
      name="kind"
      render={({ field }) => (
        <FormControl>
          <FormLabel id="wallet-kind" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 1 }}>
            {t('form.kind')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="wallet-kind"
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
          >
            {MOVEMENT_KINDS.map((k) => (
              <Paper
                key={k}
                variant="outlined"
                sx={{
                  px: 1.5,
                  py: 1,
                  borderColor: field.value === k ? 'primary.main' : undefined,
                  boxShadow: (theme) => (field.value === k ? `0 0 0 1px ${theme.palette.primary.main}` : 'none'),
                }}
              >
                <FormControlLabel
                  value={k}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: -0.5 } }}
                  label={
                    <>
                      <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                        {t(`kinds.${k}`)}
                      </Typography>
                      <Typography variant="caption" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
                        {t(`form.kindHelp.${k}`)}
                      </Typography>
                    </>
                  }
                />
              </Paper>
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/** The direction of an adjustment: the agent owes more, or less. */
export function DirectionField() {
  const { t } = useTranslation('wallet');
  const { control } = useFormContext<{ direction: string | null }>();
  return (
    <Controller
      control={control}
      name="direction"
      render={({ field, fieldState }) => (
        <FormControl error={!!fieldState.error} required>
          <FormLabel id="wallet-direction" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
            {t('form.direction')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="wallet-direction"
            name={field.name}
            value={field.value ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
          >
            <FormControlLabel value="more" control={<Radio />} label={t('form.owesMore')} />
            <FormControlLabel value="less" control={<Radio />} label={t('form.owesLess')} />
          </RadioGroup>
          {fieldState.error ? <FormHelperText sx={{ mx: 0 }}>{fieldState.error.message}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}
