import { RULE_GAMES } from '@borlette/shared/contracts/risk-rules';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFMultiSelect, RHFSelect, RHFSwitch, RHFTextField } from '../../../components/form';
import type { RulesForm } from '../lib/rules-form';

type TextKey = {
  [K in keyof RulesForm]: RulesForm[K] extends string ? K : never;
}[keyof RulesForm];

function Field({ name, unit, disabled }: { name: TextKey; unit?: string; disabled: boolean }) {
  const { t } = useTranslation('riskRules');
  return (
    <RHFTextField<RulesForm>
      name={name}
      label={t(`fields.${name}`)}
      disabled={disabled}
      helperText={t(`help.${name}`, { defaultValue: '' }) || undefined}
      slotProps={{
        htmlInput: { maxLength: 40, autoComplete: 'off' },
        input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
      }}
    />
  );
}

/** One rule: its switch, what it does, and its settings (shown greyed while it is off). */
function Rule({ name, disabled, children }: { name: keyof RulesForm; disabled: boolean; children: ReactNode }) {
  const { t } = useTranslation('riskRules');
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {t(`rules.${name}.title`)}
      </Typography>
      <RHFSwitch<RulesForm>
        name={name}
        label={t(`rules.${name}.switch`)}
        helperText={t(`rules.${name}.help`)}
        disabled={disabled}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

/** The four rules of issue 22 §2, each off by default. */
export function RulesFields({ disabled, currency }: { disabled: boolean; currency: string }) {
  const { t } = useTranslation('riskRules');
  const { control } = useFormContext<RulesForm>();
  const lateMode = useWatch({ control, name: 'late_mode' });
  const games = RULE_GAMES.map((g) => ({ value: g, label: t(`games.${g}`) }));
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Rule name="share_on" disabled={disabled}>
        <Field name="share_percent" unit="%" disabled={disabled} />
        <Field name="share_floor" unit={currency} disabled={disabled} />
        <RHFMultiSelect<RulesForm>
          name="share_games"
          label={t('fields.share_games')}
          options={games}
          disabled={disabled}
        />
      </Rule>
      <Rule name="late_on" disabled={disabled}>
        <Field name="late_minutes" unit={t('units.minutes')} disabled={disabled} />
        <RHFSelect<RulesForm>
          name="late_mode"
          label={t('fields.late_mode')}
          disabled={disabled}
          options={[
            { value: 'factor', label: t('lateModes.factor') },
            { value: 'amount', label: t('lateModes.amount') },
          ]}
        />
        {lateMode === 'factor' ? (
          <Field name="late_percent" unit="%" disabled={disabled} />
        ) : (
          <Field name="late_amount" unit={currency} disabled={disabled} />
        )}
      </Rule>
      <Rule name="date_on" disabled={disabled}>
        <RHFSwitch<RulesForm> name="date_block" label={t('fields.block')} disabled={disabled} />
        <Field name="date_amount" unit={currency} disabled={disabled} />
      </Rule>
      <Rule name="digit_on" disabled={disabled}>
        <Field name="digits" disabled={disabled} />
        <Field name="pair_balls" disabled={disabled} />
        <RHFSwitch<RulesForm> name="digit_block" label={t('fields.block')} disabled={disabled} />
        <Field name="digit_amount" unit={currency} disabled={disabled} />
      </Rule>
    </Box>
  );
}
