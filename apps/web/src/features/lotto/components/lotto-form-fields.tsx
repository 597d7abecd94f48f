import type { LotPart } from '@borlette/shared/game/lots';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RHFSelect, RHFSwitch, RHFTextField } from '../../../components/form';
import { MappingEditor } from './mapping-editor';
import { defaultMapping, digitsFor, gameOf, optionOf } from './mapping-rules';

export interface LottoForm {
  code: number | null;
  label: string;
  mapping: LotPart[];
  enabled: boolean;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Option (creation: the codes still free; edit: fixed), label, composition and « proposée à la
 * vente ». Choosing a code proposes its default composition and a label, unless they were changed.
 */
export function LottoFormFields({
  codes,
  fixedCode,
  canMap,
}: {
  /** Codes the creation form offers; null on the edit form. */
  codes: number[] | null;
  /** The option being edited. */
  fixedCode: number | null;
  /** option_plus: the composition can be changed. */
  canMap: boolean;
}) {
  const { t } = useTranslation('lotto');
  const { control, getValues, setValue } = useFormContext<LottoForm>();
  const proposed = useRef<{ label: string; mapping: LotPart[] } | null>(null);
  const codeLabel = (c: number) => t('codeLabel', { game: t(`games.${gameOf(c)}`), option: optionOf(c), code: c });

  // A newly chosen code proposes its label and composition (not on the edit form: the code is fixed).
  const chosen = useWatch({ control, name: 'code' });
  const code = chosen ?? fixedCode;
  const onCode = useEffectEvent((next: number) => {
    const opts = { shouldDirty: true, shouldValidate: getValues('mapping').length > 0 } as const;
    const label = getValues('label').trim();
    const mapping = getValues('mapping');
    const suggestion = {
      label: t('defaultLabel', { game: t(`games.${gameOf(next)}`), option: optionOf(next) }),
      mapping: defaultMapping(next),
    };
    if (!label || label === proposed.current?.label) setValue('label', suggestion.label, opts);
    if (!canMap || !mapping.length || (proposed.current && same(mapping, proposed.current.mapping)))
      setValue('mapping', suggestion.mapping, opts);
    proposed.current = suggestion;
  });
  const creating = codes !== null;
  useEffect(() => {
    if (creating && chosen !== null) onCode(chosen);
  }, [creating, chosen]);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {codes ? (
        <RHFSelect<LottoForm>
          name="code"
          label={t('fields.code')}
          required
          options={codes.map((c) => ({ value: c, label: codeLabel(c) }))}
          helperText={t('form.codeHelp')}
        />
      ) : (
        <TextField
          label={t('fields.code')}
          value={fixedCode !== null ? codeLabel(fixedCode) : ''}
          disabled
          fullWidth
          helperText={t('form.codeFixed')}
        />
      )}
      <RHFTextField<LottoForm>
        name="label"
        label={t('fields.label')}
        required
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: 2 }}>
        {canMap ? null : <Alert severity="info">{t('form.readOnly')}</Alert>}
        <Controller
          control={control}
          name="mapping"
          render={({ field, fieldState }) => (
            <MappingEditor
              value={field.value}
              onChange={(next) => field.onChange(next)}
              digits={code ? digitsFor(code) : null}
              readOnly={!canMap}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <RHFSwitch<LottoForm> name="enabled" label={t('fields.enabled')} helperText={t('form.enabledHelp')} />
      </Box>
    </Box>
  );
}
