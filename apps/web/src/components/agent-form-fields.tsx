import type { AgentOptions } from '@borlette/shared/contracts/agents';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AgentFormValues, formatPercent } from '../lib/agent-form-schema';
import { RHFSelect, RHFSwitch, RHFTextField, type SelectOption } from './form';

/** A disabled field holding the place while a reference list loads. */
export function LoadingField({ label }: { label: string }) {
  const { t } = useTranslation('common');
  return (
    <TextField select disabled fullWidth label={label} value="" helperText={t('loading')}>
      <MenuItem value="" />
    </TextField>
  );
}

/** A password input with a show/hide button (new accounts). */
export function PasswordField<T extends Record<string, unknown>>({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('agents');
  const [show, setShow] = useState(false);
  return (
    <RHFTextField<T>
      name={name as never}
      label={label}
      type={show ? 'text' : 'password'}
      autoComplete="new-password"
      required
      helperText={t('fields.passwordHelp')}
      slotProps={{
        htmlInput: { maxLength: 128 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setShow((s) => !s)}
                edge="end"
                aria-label={t(show ? 'password.hide' : 'password.show')}
              >
                {show ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The status select of an edit form: blocking needs its codename; an archived person can be restored. */
export function statusOptions(t: (key: string) => string, current: string, canBlock: boolean): SelectOption[] {
  return [
    { value: 'active', label: t('components:status.active') },
    { value: 'blocked', label: t('components:status.blocked'), disabled: !canBlock && current !== 'blocked' },
    ...(current === 'archived' ? [{ value: 'archived', label: t('components:status.archived'), disabled: true }] : []),
  ];
}

const Section = ({ children }: { children: string }) => (
  <Typography variant="overline" component="h2" sx={{ gridColumn: '1 / -1', color: 'text.secondary', mb: -1.5 }}>
    {children}
  </Typography>
);

export function AgentFormFields({
  creating,
  options,
  status,
}: {
  creating: boolean;
  /** undefined while loading, null when not available. */
  options: AgentOptions | null | undefined;
  /** Edit: the record's current status and whether the user may block. */
  status?: { current: string; canBlock: boolean };
}) {
  const { t, i18n } = useTranslation(['agents', 'components']);
  const surcussales = (options?.surcussales ?? []).map((s) => ({
    value: s.id,
    label: s.status === 'blocked' ? `${s.name} (${t('components:status.blocked_female')})` : s.name,
  }));
  const supervisors = (options?.supervisors ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.username})` }));
  const defaultRate = options ? formatPercent(options.default_commission_bp, i18n.language) : '10 %';

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Section>{t('sections.identity')}</Section>
      <RHFTextField<AgentFormValues>
        name="first_name"
        label={t('fields.first_name')}
        required
        autoFocus={creating}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <RHFTextField<AgentFormValues>
        name="last_name"
        label={t('fields.last_name')}
        required
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <RHFTextField<AgentFormValues>
        name="phone"
        label={t('fields.phone')}
        type="tel"
        placeholder="+509 3800 0000"
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <Box />
      <Section>{t('sections.access')}</Section>
      <RHFTextField<AgentFormValues>
        name="username"
        label={t('fields.username')}
        required
        autoComplete="off"
        helperText={t('fields.usernameHelp')}
        slotProps={{ htmlInput: { maxLength: 150, autoCapitalize: 'none', spellCheck: false } }}
      />
      {creating ? <PasswordField<AgentFormValues> name="password" label={t('fields.password')} /> : <Box />}
      <Section>{t('sections.assignment')}</Section>
      {options === undefined ? (
        <>
          <LoadingField label={t('fields.surcussale')} />
          <LoadingField label={t('fields.supervisor')} />
        </>
      ) : (
        <>
          <RHFSelect<AgentFormValues>
            name="surcussale_id"
            label={t('fields.surcussale')}
            required
            options={surcussales}
            helperText={surcussales.length ? undefined : t('fields.noSurcussale')}
          />
          <RHFSelect<AgentFormValues>
            name="supervisor_id"
            label={t('fields.supervisor')}
            emptyLabel={t('fields.noSupervisor')}
            options={supervisors}
          />
        </>
      )}
      <RHFTextField<AgentFormValues>
        name="commission_percent"
        label={t('fields.commission')}
        inputMode="decimal"
        placeholder={defaultRate.replace(' %', '')}
        helperText={t('fields.commissionHelp', { rate: defaultRate })}
        slotProps={{
          htmlInput: { maxLength: 6, inputMode: 'decimal' },
          inputLabel: { shrink: true },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <RHFSwitch<AgentFormValues>
          name="can_cancel"
          label={t('fields.can_cancel')}
          helperText={t('fields.canCancelHelp')}
        />
      </Box>
      <Section>{t('sections.credit')}</Section>
      <RHFTextField<AgentFormValues>
        name="credit_limit_htg"
        label={t('fields.credit_limit')}
        inputMode="decimal"
        helperText={t('fields.creditLimitHelp')}
        slotProps={{
          htmlInput: { maxLength: 16, inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">HTG</InputAdornment> },
        }}
      />
      <RHFSelect<AgentFormValues>
        name="credit_mode"
        label={t('fields.credit_mode')}
        emptyLabel={t('fields.creditModeDefault')}
        options={[
          { value: 'ceiling', label: t('fields.creditMode.ceiling') },
          { value: 'prepaid', label: t('fields.creditMode.prepaid') },
        ]}
        helperText={t('fields.creditModeHelp')}
      />
      {status ? (
        <RHFSelect<AgentFormValues>
          name="status"
          label={t('fields.status')}
          options={statusOptions(t, status.current, status.canBlock)}
          helperText={status.current === 'archived' ? t('fields.restoreHelp') : undefined}
        />
      ) : null}
    </Box>
  );
}
