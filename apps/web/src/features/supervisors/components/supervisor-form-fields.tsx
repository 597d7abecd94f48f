import type { SupervisorOptions } from '@borlette/shared/contracts/supervisors';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadingField, PasswordField, statusOptions } from '../../../components/agent-form-fields';
import { RHFImageUpload, RHFMultiSelect, RHFSelect, RHFTextField } from '../../../components/form';
import { PermissionCheckboxes } from './permission-checkboxes';
import type { SupervisorFormValues } from './supervisor-form';

const Section = ({ children }: { children: string }) => (
  <Typography variant="overline" component="h2" sx={{ gridColumn: '1 / -1', color: 'text.secondary', mb: -1.5 }}>
    {children}
  </Typography>
);

export function SupervisorFormFields({
  creating,
  canRate,
  options,
  status,
}: {
  creating: boolean;
  /** Only the company sets a supervisor's commission (the server refuses a supervisor). */
  canRate: boolean;
  /** undefined while loading. */
  options: SupervisorOptions | undefined;
  status?: { current: string; canBlock: boolean };
}) {
  const { t } = useTranslation(['supervisors', 'components']);
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '180px 1fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: { xs: 'center', md: 'flex-start' } }}>
          <RHFImageUpload<SupervisorFormValues>
            name="photo"
            label={t('fields.photo')}
            helperText={t('fields.photoHelp')}
            width={160}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Section>{t('sections.identity')}</Section>
          <RHFTextField<SupervisorFormValues>
            name="first_name"
            label={t('fields.first_name')}
            required
            autoFocus={creating}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <RHFTextField<SupervisorFormValues>
            name="last_name"
            label={t('fields.last_name')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <RHFTextField<SupervisorFormValues>
            name="phone"
            label={t('fields.phone')}
            type="tel"
            placeholder="+509 3700 0000"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <RHFTextField<SupervisorFormValues>
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Section>{t('sections.access')}</Section>
          <RHFTextField<SupervisorFormValues>
            name="username"
            label={t('fields.username')}
            required
            autoComplete="off"
            helperText={t('fields.usernameHelp')}
            slotProps={{ htmlInput: { maxLength: 150, autoCapitalize: 'none', spellCheck: false } }}
          />
          {creating ? (
            <PasswordField<SupervisorFormValues> name="password" label={t('fields.password')} />
          ) : status ? (
            <RHFSelect<SupervisorFormValues>
              name="status"
              label={t('fields.status')}
              options={statusOptions(t, status.current, status.canBlock)}
              helperText={status.current === 'archived' ? t('fields.restoreHelp') : undefined}
            />
          ) : (
            <Box />
          )}
          <RHFTextField<SupervisorFormValues>
            name="commission_bp"
            label={t('fields.commission')}
            disabled={!canRate}
            placeholder="0"
            helperText={t('fields.commissionHelp')}
            slotProps={{
              htmlInput: { maxLength: 6, inputMode: 'decimal' },
              inputLabel: { shrink: true },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
          <Box />
          <Box sx={{ gridColumn: '1 / -1' }}>
            {options === undefined ? (
              <LoadingField label={t('fields.surcussales')} />
            ) : (
              <RHFMultiSelect<SupervisorFormValues>
                name="surcussales"
                label={t('fields.surcussales')}
                placeholder={t('fields.noSurcussale')}
                helperText={t('fields.surcussalesHelp')}
                options={options.surcussales.map((s) => ({
                  value: s.id,
                  label: s.status === 'blocked' ? `${s.name} (${t('components:status.blocked_female')})` : s.name,
                }))}
              />
            )}
          </Box>
        </Box>
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />
      {options ? <PermissionCheckboxes name="permissions" allowed={options.permissions} /> : null}
    </>
  );
}
