import type { DrawSource, TirageInput } from '@borlette/shared/contracts/tirages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFDateInput } from '../../../components/date-input';
import { RHFTextField } from '../../../components/form';
import { SourcePicker } from '../../../components/source-picker';
import { closesAfterDraw, proposalFor, sourceTime, WEEK_ORDER } from '../../../lib/tirage-rules';

export type TirageForm = Omit<TirageInput, 'source_id' | 'days' | 'mode'> & {
  source_id: number | null;
  days: number[];
  mode: 'auto' | 'open' | 'closed';
};

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

function DaysField() {
  const { t } = useTranslation('tirages');
  const { control } = useFormContext<TirageForm>();
  return (
    <Controller
      control={control}
      name="days"
      render={({ field, fieldState }) => (
        <FormControl error={!!fieldState.error} component="fieldset">
          <FormLabel component="legend" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 1 }}>
            {t('fields.days')}
          </FormLabel>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <ToggleButtonGroup
              value={field.value}
              onChange={(_, next: number[]) => field.onChange([...next].sort())}
              color="primary"
              size="small"
              aria-label={t('fields.days')}
            >
              {WEEK_ORDER.map((d) => (
                <ToggleButton
                  key={d}
                  value={d}
                  aria-label={t(`days.long.${d}`)}
                  title={t(`days.long.${d}`)}
                  sx={{
                    width: 40,
                    fontWeight: 700,
                    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
                  }}
                  ref={d === 1 ? field.ref : undefined}
                >
                  {t(`days.short.${d}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Button
              size="small"
              color="inherit"
              onClick={() => field.onChange(field.value.length === 7 ? [] : ALL_DAYS)}
            >
              {field.value.length === 7 ? t('form.noDay') : t('days.every')}
            </Button>
          </Box>
          <FormHelperText sx={{ mx: 0 }}>{fieldState.error?.message ?? t('form.daysHelp')}</FormHelperText>
        </FormControl>
      )}
    />
  );
}

function ModeField() {
  const { t } = useTranslation('tirages');
  const { control } = useFormContext<TirageForm>();
  return (
    <Controller
      control={control}
      name="mode"
      render={({ field }) => (
        <FormControl>
          <FormLabel id="tirage-mode" sx={{ typography: 'subtitle2', color: 'text.primary', mb: 0.5 }}>
            {t('fields.mode')}
          </FormLabel>
          <RadioGroup
            aria-labelledby="tirage-mode"
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
          >
            {(['auto', 'open', 'closed'] as const).map((m) => (
              <FormControlLabel
                key={m}
                value={m}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
                label={
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`mode.${m}`)}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {t(`modeHelp.${m}`)}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}

/** Source (proposes name, days and close time), name, days, hours, mode. */
export function TirageFormFields({
  sources,
}: {
  sources: { list: DrawSource[]; loading: boolean; error: string | null; retry: () => void };
}) {
  const { t } = useTranslation('tirages');
  const { control, getValues, setValue } = useFormContext<TirageForm>();
  const sourceId = useWatch({ control, name: 'source_id' });
  const closeTime = useWatch({ control, name: 'close_time' });
  const source = sources.list.find((s) => s.id === sourceId) ?? null;
  // The source's name as last proposed: replaced by the next proposal unless the person changed it.
  const proposedName = useRef<string | null>(null);
  proposedName.current ??= source?.name ?? null;

  const pick = (next: DrawSource | null, onChange: (v: number | null) => void) => {
    onChange(next?.id ?? null);
    if (!next) return;
    const p = proposalFor(next, { name: getValues('name') ?? '', previousSourceName: proposedName.current });
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    if (p.name) setValue('name', p.name, opts);
    setValue('days', p.days, opts);
    if (p.close_time) setValue('close_time', p.close_time, opts);
    proposedName.current = next.name;
  };

  const late = source && closeTime ? closesAfterDraw(closeTime, sourceTime(source)) : false;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {sources.error ? (
        <Alert
          severity="warning"
          sx={{ gridColumn: '1 / -1' }}
          action={
            <Button color="inherit" size="small" onClick={sources.retry}>
              {t('form.retry')}
            </Button>
          }
        >
          {t('form.sourcesError', { message: sources.error })}
        </Alert>
      ) : null}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name="source_id"
          render={({ field, fieldState }) => (
            <SourcePicker
              sources={sources.list}
              loading={sources.loading}
              value={field.value}
              onChange={(s) => pick(s, field.onChange)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <RHFTextField<TirageForm>
          name="name"
          label={t('fields.name')}
          required
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <DaysField />
      </Box>
      <RHFDateInput<TirageForm>
        kind="time"
        name="open_time"
        label={t('fields.open')}
        required
        helperText={t('form.openHelp')}
      />
      <RHFDateInput<TirageForm>
        kind="time"
        name="close_time"
        label={t('fields.close')}
        required
        helperText={source ? t('form.closeHelpSource', { time: sourceTime(source) }) : t('form.closeHelp')}
      />
      {late && source ? (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {t('form.closeAfterDraw', { time: sourceTime(source) })}
        </Alert>
      ) : null}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ModeField />
      </Box>
    </Box>
  );
}
