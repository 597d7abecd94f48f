import { lottoEndpoints } from '@borlette/shared/contracts/lotto';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Controller, type FieldValues, type Path, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { can, companyChosen } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { useLottoMappings } from '../api/info-tirage';
import { LotsPreview } from './lots-preview';
import { optionPreviews } from './lots-rules';

/** A Pick 3 / Pick 4 input: digits only (leading zeros kept), numeric keyboard, large digits. */
function PickField<T extends FieldValues>({
  name,
  label,
  length,
  autoFocus,
}: {
  name: Path<T>;
  label: string;
  length: 3 | 4;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('infoTirage');
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, length))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          required
          fullWidth
          autoFocus={autoFocus}
          placeholder={length === 3 ? '123' : '4567'}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? t('form.digits', { count: length })}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'off',
              maxLength: length,
              pattern: `\\d{${length}}`,
              style: { fontSize: 22, fontWeight: 700, letterSpacing: 6, fontVariantNumeric: 'tabular-nums' },
            },
          }}
        />
      )}
    />
  );
}

/** Pick 3 and Pick 4 side by side, then the lots they give (and the company's loto options). */
export function PickFields<T extends FieldValues & { pick3: string; pick4: string }>({
  autoFocus,
}: {
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('infoTirage');
  const user = useUser();
  const { control } = useFormContext<T>();
  const pick3 = useWatch({ control, name: 'pick3' as Path<T> }) as string | undefined;
  const pick4 = useWatch({ control, name: 'pick4' as Path<T> }) as string | undefined;
  const mappings = useLottoMappings(companyChosen(user) && can(user, lottoEndpoints.list));
  return (
    <>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr 1fr' } }}>
        <PickField<T> name={'pick3' as Path<T>} label={t('fields.pick3')} length={3} autoFocus={autoFocus} />
        <PickField<T> name={'pick4' as Path<T>} label={t('fields.pick4')} length={4} />
      </Box>
      <LotsPreview
        pick3={pick3 ?? ''}
        pick4={pick4 ?? ''}
        options={mappings.data ? (lots) => optionPreviews(lots, mappings.data) : undefined}
      />
    </>
  );
}
