import { PLATFORM_CEILINGS, SETTING_BOUNDS } from '@borlette/shared/contracts/company-settings';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RHFSelect, RHFSwitch, RHFTextField } from '../../../components/form';
import { amountText, type SettingsForm } from './settings-schema';

type TextKey = Exclude<
  keyof SettingsForm,
  'agents_pay_other_branches' | 'terminal_approval' | 'sale_location' | 'credit_mode' | 'credit_limit'
>;

/** One setting: its label, its unit beside the input, what it does and its bounds under it. */
function Setting({
  name,
  unit,
  help,
  decimal,
  disabled,
}: {
  name: TextKey;
  unit: string;
  help: string;
  decimal?: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation('companySettings');
  return (
    <RHFTextField<SettingsForm>
      name={name}
      label={t(`fields.${name}`)}
      required
      disabled={disabled}
      helperText={help}
      slotProps={{
        htmlInput: { inputMode: decimal ? 'decimal' : 'numeric', maxLength: 20, autoComplete: 'off' },
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
      }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2.5 }}>
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

const B = SETTING_BOUNDS;

/** Every setting of the screen, grouped: tickets, draws, agents, terminals, the exposure board's colours, ticket ceilings. */
export function SettingsFields({ disabled, currency }: { disabled: boolean; currency: string }) {
  const { t, i18n } = useTranslation('companySettings');
  const minutes = t('units.minutes');
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Section title={t('sections.tickets')}>
        <Setting
          name="cancel_window_minutes"
          unit={minutes}
          disabled={disabled}
          help={t('help.cancel_window_minutes', { max: B.cancel_window_minutes.max })}
        />
        <Setting
          name="payout_validity_days"
          unit={t('units.days')}
          disabled={disabled}
          help={t('help.payout_validity_days', { max: B.payout_validity_days.max })}
        />
      </Section>
      <Section title={t('sections.draws')}>
        <Setting
          name="sales_close_minutes"
          unit={minutes}
          disabled={disabled}
          help={t('help.sales_close_minutes', { max: B.sales_close_minutes.max })}
        />
      </Section>
      <Section title={t('sections.agents')}>
        <Setting name="commission_percent" unit="%" decimal disabled={disabled} help={t('help.commission_percent')} />
        <RHFSwitch<SettingsForm>
          name="agents_pay_other_branches"
          disabled={disabled}
          label={t('fields.agents_pay_other_branches')}
          helperText={t('help.agents_pay_other_branches')}
        />
        <RHFTextField<SettingsForm>
          name="credit_limit"
          label={t('fields.credit_limit')}
          disabled={disabled}
          helperText={t('help.credit_limit')}
          slotProps={{
            htmlInput: { inputMode: 'decimal', maxLength: 20, autoComplete: 'off' },
            input: { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> },
          }}
        />
        <RHFSelect<SettingsForm>
          name="credit_mode"
          label={t('fields.credit_mode')}
          disabled={disabled}
          helperText={t('help.credit_mode')}
          options={[
            { value: 'ceiling', label: t('creditMode.ceiling') },
            { value: 'prepaid', label: t('creditMode.prepaid') },
          ]}
        />
      </Section>
      <Section title={t('sections.terminals')}>
        <RHFSwitch<SettingsForm>
          name="terminal_approval"
          disabled={disabled}
          label={t('fields.terminal_approval')}
          helperText={t('help.terminal_approval')}
        />
        <RHFSwitch<SettingsForm>
          name="sale_location"
          disabled={disabled}
          label={t('fields.sale_location')}
          helperText={t('help.sale_location')}
        />
      </Section>
      <Section title={t('sections.exposure')}>
        <Setting
          name="exposure_warn_pct"
          unit="%"
          disabled={disabled}
          help={t('help.exposure_warn_pct', { max: B.exposure_warn_pct.max })}
        />
        <Setting
          name="exposure_hot_pct"
          unit="%"
          disabled={disabled}
          help={t('help.exposure_hot_pct', { max: B.exposure_hot_pct.max })}
        />
      </Section>
      <Section title={t('sections.ceilings')}>
        <Setting
          name="ticket_max_lines"
          unit={t('units.lines')}
          disabled={disabled}
          help={t('help.ticket_max_lines', { max: PLATFORM_CEILINGS.ticketLines })}
        />
        <Setting
          name="ticket_max_draws"
          unit={t('units.draws')}
          disabled={disabled}
          help={t('help.ticket_max_draws', { max: PLATFORM_CEILINGS.ticketDraws })}
        />
        <Setting
          name="line_max_stake"
          unit={currency}
          decimal
          disabled={disabled}
          help={t('help.line_max_stake', { max: amountText(PLATFORM_CEILINGS.lineStake, currency, i18n.language) })}
        />
        <Setting
          name="ticket_max_payout"
          unit={currency}
          decimal
          disabled={disabled}
          help={t('help.ticket_max_payout', {
            max: amountText(PLATFORM_CEILINGS.ticketPayout, currency, i18n.language),
          })}
        />
      </Section>
    </Box>
  );
}
