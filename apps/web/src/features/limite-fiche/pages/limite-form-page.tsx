import type { LimiteFicheAgentChoice } from '@borlette/shared/contracts/limite-fiche';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { Controller, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormPage } from '../../../components/form';
import { AmountInput } from '../../../components/form/amount-input';
import { amountField } from '../../../components/form/amount-schema';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/use-session';
import { useCompanyLimitExists, useCreateLimite, useLimiteAgents } from '../api/limite-fiche';

const makeSchema = (m: Record<'required' | 'invalid' | 'positive' | 'tooLarge' | 'agent', string>) =>
  z
    .object({
      scope: z.enum(['company', 'agent']),
      agent_id: z.number().nullable(),
      max_amount: amountField(m),
    })
    .superRefine((v, ctx) => {
      if (v.scope === 'agent' && !v.agent_id) ctx.addIssue({ code: 'custom', path: ['agent_id'], message: m.agent });
    });
type Schema = ReturnType<typeof makeSchema>;
type FormInput = z.input<Schema>;
type FormValues = z.output<Schema>;

function AgentPicker() {
  const { t } = useTranslation('limiteFiche');
  const { control } = useFormContext<FormInput>();
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const agents = useLimiteAgents(search);
  const [picked, setPicked] = useState<LimiteFicheAgentChoice | null>(null);
  return (
    <Controller
      control={control}
      name="agent_id"
      render={({ field, fieldState }) => (
        <Autocomplete<LimiteFicheAgentChoice>
          options={agents.data ?? []}
          value={picked}
          loading={agents.isFetching}
          filterOptions={(x) => x}
          onChange={(_, next) => {
            setPicked(next);
            field.onChange(next?.id ?? null);
          }}
          onInputChange={(_, value, reason) => {
            if (reason === 'input') setInput(value);
          }}
          onBlur={field.onBlur}
          getOptionLabel={(a) => `${a.name} (${a.username})`}
          getOptionDisabled={(a) => a.has_limit}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('noAgents')}
          loadingText={t('loading')}
          renderOption={({ key, ...props }, a) => (
            <Box
              component="li"
              key={key}
              {...props}
              sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}
            >
              <span>{a.name}</span>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {a.username}
                {a.surcussale_name ? ` · ${a.surcussale_name}` : ''}
                {a.has_limit ? ` · ${t('fields.hasLimit')}` : ''}
              </Typography>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              required
              label={t('fields.agent')}
              placeholder={t('fields.agentPlaceholder')}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? t('fields.agentHelp')}
            />
          )}
        />
      )}
    />
  );
}

function Fields({ companyExists, currency }: { companyExists: boolean; currency: string }) {
  const { t } = useTranslation('limiteFiche');
  const { control } = useFormContext<FormInput>();
  const scope = useWatch({ control, name: 'scope' });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Controller
        control={control}
        name="scope"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="limite-scope" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.5 }}>
              {t('fields.scope')}
            </FormLabel>
            <RadioGroup
              aria-labelledby="limite-scope"
              name={field.name}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
            >
              <FormControlLabel
                value="company"
                disabled={companyExists}
                control={<Radio />}
                label={
                  companyExists
                    ? `${t('fields.scopeCompany')} — ${t('fields.companyExists')}`
                    : t('fields.scopeCompany')
                }
              />
              <FormControlLabel value="agent" control={<Radio />} label={t('fields.scopeAgent')} />
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>{t('fields.scopeHelp')}</FormHelperText>
          </FormControl>
        )}
      />
      {scope === 'agent' ? <AgentPicker /> : null}
      <Box sx={{ maxWidth: { sm: 360 } }}>
        <AmountInput<FormInput>
          name="max_amount"
          label={t('fields.amount')}
          currency={currency}
          helperText={t('fields.amountHelp')}
        />
      </Box>
    </Box>
  );
}

/** /dashboard/limiteFiche/new: a company-wide limit, or one for an agent. */
export default function LimiteFormPage() {
  const { t } = useTranslation(['limiteFiche', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const create = useCreateLimite();
  const companyExists = useCompanyLimitExists();
  const list = paths.dashboard.limiteFiche;
  const currency = user.company?.currency ?? 'HTG';

  const schema = useMemo(
    () =>
      makeSchema({
        required: t('errors.required'),
        invalid: t('errors.invalid'),
        positive: t('errors.positive'),
        tooLarge: t('errors.tooLarge'),
        agent: t('errors.agent'),
      }),
    [t],
  );
  const methods = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { scope: 'agent', agent_id: null, max_amount: '' },
    values: companyExists.data === false ? { scope: 'company', agent_id: null, max_amount: '' } : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const scope = useWatch({ control: methods.control, name: 'scope' });

  return (
    <FormPage
      title={t('nav:limite_fiche_new')}
      breadcrumbs={[
        { label: t('nav:app'), to: paths.dashboard.app },
        { label: t('nav:limite_fiche'), to: list },
        { label: t('nav:limite_fiche_new') },
      ]}
      methods={methods}
      // A company-wide duplicate is reported on agent_id: with no agent field shown, it goes to the Alert.
      fieldNames={scope === 'agent' ? ['scope', 'agent_id', 'max_amount'] : ['scope', 'max_amount']}
      onSubmit={async (v) => {
        await create.mutateAsync({ agent_id: v.scope === 'agent' ? v.agent_id : null, max_amount: v.max_amount });
        navigate(list);
      }}
      cancelTo={list}
      loading={companyExists.isPending}
      submitText={t('create')}
    >
      <Fields companyExists={companyExists.data === true} currency={currency} />
    </FormPage>
  );
}
