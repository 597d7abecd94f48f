import type { MessageChoices } from '@borlette/shared/contracts/messages';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFDateInput } from '../../../components/date-input';
import { RHFImageUpload, RHFSelect, RHFTextField } from '../../../components/form';
import type { MessageFormInput } from './message-form-schema';

type Agent = MessageChoices['agents'][number];

/** The fields of the message form (inside FormPage's FormProvider). */
export function MessageFormFields({
  choices,
  timeZone,
  scoped = false,
}: {
  /** undefined while loading; null when the pickers could not be loaded. */
  choices: MessageChoices | null | undefined;
  timeZone: string;
  /** A supervisor: only the sub-branches and agents it watches, never « all » (the server refuses it). */
  scoped?: boolean;
}) {
  const { t } = useTranslation('messages');
  const { control } = useFormContext<MessageFormInput>();
  const audience = useWatch({ control, name: 'audience' });
  const text = useWatch({ control, name: 'text' }) ?? '';
  const agents = choices?.agents ?? [];
  const byId = new Map(agents.map((a) => [a.id, a]));

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <RHFTextField<MessageFormInput>
          name="title"
          label={t('fields.title')}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <RHFTextField<MessageFormInput>
          name="text"
          label={t('fields.text')}
          required
          multiline
          minRows={4}
          maxRows={12}
          helperText={t('fields.textCount', { count: text.length, max: 2000 })}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Box>

      <Box sx={{ gridColumn: '1 / -1' }}>
        <RHFImageUpload<MessageFormInput>
          name="image"
          label={t('fields.image')}
          helperText={t('fields.imageHelp')}
          aspectRatio="16/9"
          width={320}
        />
      </Box>

      <Box sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name="audience"
          render={({ field, fieldState }) => (
            <FormControl error={!!fieldState.error}>
              <FormLabel id="message-audience" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.5 }}>
                {t('fields.audience')}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby="message-audience"
                name={field.name}
                value={field.value ?? 'all'}
                onChange={(e) => field.onChange(e.target.value)}
              >
                {scoped ? null : <FormControlLabel value="all" control={<Radio />} label={t('audience.all')} />}
                <FormControlLabel value="surcussale" control={<Radio />} label={t('audience.surcussale')} />
                <FormControlLabel value="agents" control={<Radio />} label={t('audience.agents')} />
              </RadioGroup>
              {fieldState.error ? (
                <FormHelperText>{fieldState.error.message}</FormHelperText>
              ) : scoped ? (
                <FormHelperText>{t('audience.scopedHelp')}</FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
      </Box>

      {audience !== 'all' && choices === null ? (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {t('choicesFailed')}
        </Alert>
      ) : null}

      {audience === 'surcussale' ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <RHFSelect<MessageFormInput>
            name="surcussale_id"
            label={t('fields.surcussale')}
            required
            disabled={!choices}
            helperText={choices === undefined ? t('loading') : undefined}
            options={(choices?.surcussales ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Box>
      ) : null}

      {audience === 'agents' ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="agents"
            render={({ field, fieldState }) => {
              const ids = (field.value ?? []) as (number | string)[];
              const value = ids.map((id) => byId.get(Number(id))).filter((a): a is Agent => !!a);
              return (
                <Autocomplete<Agent, true>
                  multiple
                  options={agents}
                  value={value}
                  loading={choices === undefined}
                  disabled={choices === null}
                  disableCloseOnSelect
                  filterSelectedOptions
                  onChange={(_, next) => field.onChange(next.map((a) => a.id))}
                  onBlur={field.onBlur}
                  getOptionLabel={(a) => `${a.name} (${a.username})`}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  noOptionsText={t('noAgents')}
                  loadingText={t('loading')}
                  renderValue={(selected, getItemProps) =>
                    selected.map((a, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={a.name} {...itemProps} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      required
                      label={t('fields.agents')}
                      placeholder={value.length ? undefined : t('fields.agentsPlaceholder')}
                      error={!!fieldState.error}
                      helperText={fieldState.error?.message ?? t('fields.agentsHelp', { count: value.length })}
                    />
                  )}
                />
              );
            }}
          />
        </Box>
      ) : null}

      <RHFDateInput<MessageFormInput>
        kind="datetime"
        name="starts_at"
        label={t('fields.startsAt')}
        required
        helperText={t('fields.zoneHelp', { zone: timeZone })}
      />
      <RHFDateInput<MessageFormInput>
        kind="datetime"
        name="ends_at"
        clearable
        label={t('fields.endsAt')}
        helperText={t('fields.endsAtHelp')}
      />

      <Box sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <FormControlLabel
              label={t('fields.active')}
              control={
                <Switch
                  name={field.name}
                  checked={(field.value ?? 'active') === 'active'}
                  onChange={(e) => field.onChange(e.target.checked ? 'active' : 'inactive')}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
            />
          )}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('fields.activeHelp')}</FormHelperText>
      </Box>
    </Box>
  );
}
