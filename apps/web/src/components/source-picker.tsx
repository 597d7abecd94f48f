import type { DrawSource } from '@borlette/shared/contracts/tirages';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sourceTime } from '../lib/tirage-rules';

/**
 * The official session a draw follows (results published by the platform), grouped by state, each
 * with its draw time in the company's zone; empty = the company's own draw (results entered by hand).
 */
export function SourcePicker({
  sources,
  value,
  onChange,
  onBlur,
  error,
  loading,
  inputRef,
  label,
  placeholder,
  helperText,
  required,
}: {
  sources: DrawSource[];
  value: number | null;
  onChange: (source: DrawSource | null) => void;
  onBlur?: () => void;
  error?: string;
  loading?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  /** Defaults: the texts of the draw form. */
  label?: string;
  placeholder?: string;
  helperText?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('tirages');
  const selected = sources.find((s) => s.id === value) ?? null;
  return (
    <Autocomplete<DrawSource>
      options={sources}
      value={selected}
      loading={loading}
      onChange={(_, next) => onChange(next)}
      onBlur={onBlur}
      groupBy={(s) => s.state_name}
      getOptionLabel={(s) => s.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('form.noSource')}
      loadingText={t('form.loadingSources')}
      renderOption={({ key, ...props }, s) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
          <span>{s.name}</span>
          <Typography
            component="span"
            variant="caption"
            sx={{ color: 'text.secondary', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          >
            {s.local_draw_time
              ? t('form.sourceTimes', { local: s.local_draw_time, official: s.draw_time, state: s.state_name })
              : t('form.stateTime', { official: s.draw_time, state: s.state_name })}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label ?? t('fields.source')}
          placeholder={placeholder ?? t('form.ownDraw')}
          required={required}
          error={!!error}
          helperText={
            error ??
            helperText ??
            (selected
              ? t(selected.local_draw_time ? 'form.sourceHelp' : 'form.sourceHelpState', {
                  time: sourceTime(selected),
                  official: selected.draw_time,
                  state: selected.state_name,
                })
              : t('form.ownDrawHelp'))
          }
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
