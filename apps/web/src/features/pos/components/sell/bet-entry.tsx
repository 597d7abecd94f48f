import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClipboardEvent, FormEvent, KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** Enter (or the button): read the input. */
  onSubmit: (text: string) => void;
  errors: string[];
  /** A warning on what is being typed (a blocked ball), shown while there is no error. */
  warning?: string | null;
  editing: boolean;
  onCancelEdit: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onFocus?: () => void;
}

/** Keys that phone keyboards hide behind a second page. */
const HELPERS = ['*', ' o1 ', ' o2 ', ' o3 ', ' ; '];

/**
 * One input, one bet per Enter: « 23 10 », « 12*34 5 », « 123 2 », « 4567 o1 1 ». Several bets may be
 * typed at once with « ; » or pasted one per line. Errors stay under the input with what was typed.
 */
export function BetEntry({
  value,
  onChange,
  onSubmit,
  errors,
  warning,
  editing,
  onCancelEdit,
  inputRef,
  onFocus,
}: Props) {
  const { t } = useTranslation('pos');
  const helperId = 'pos-bet-help';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      onCancelEdit();
    }
  };

  // A single-line input drops new lines: a pasted block keeps one bet per line as « ; ».
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/\r?\n/.test(text)) return;
    event.preventDefault();
    const el = event.currentTarget;
    const start = el.selectionStart ?? value.length;
    const end = el.selectionEnd ?? value.length;
    const block = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ; ');
    onChange(value.slice(0, start) + block + value.slice(end));
  };

  const insert = (piece: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const before = value.slice(0, start);
    const text = piece === '*' ? '*' : before === '' || before.endsWith(' ') ? piece.trimStart() : piece;
    const next = before + text + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      el?.focus();
      const at = start + text.length;
      el?.setSelectionRange(at, at);
    });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack direction="row" spacing={1}>
        <OutlinedInput
          inputRef={inputRef}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onFocus={onFocus}
          placeholder={t('sell.placeholder')}
          autoComplete="off"
          error={errors.length > 0}
          fullWidth
          inputProps={{
            'aria-label': t('sell.entryLabel'),
            'aria-describedby': helperId,
            'aria-invalid': errors.length > 0,
            autoCapitalize: 'none',
            autoCorrect: 'off',
            spellCheck: false,
            enterKeyHint: editing ? 'done' : 'enter',
          }}
          sx={{ fontSize: 22, fontWeight: 600, fontVariantNumeric: 'tabular-nums', '& input': { py: 1.5 } }}
        />
        <Button
          type="submit"
          variant="contained"
          color={editing ? 'success' : 'primary'}
          aria-label={editing ? t('sell.saveLine') : t('sell.addLine')}
          sx={{ minWidth: 56, px: 2 }}
        >
          {editing ? <CheckIcon /> : <AddIcon />}
        </Button>
      </Stack>
      <Stack direction="row" spacing={0.75} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {HELPERS.map((h) => (
          <Button
            key={h}
            variant="outlined"
            color="inherit"
            size="small"
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(h)}
            aria-label={t('sell.insert', { text: h.trim() })}
            sx={{
              minWidth: 44,
              minHeight: 40,
              px: 1,
              fontFamily: 'monospace',
              fontSize: 16,
              flex: { xs: 1, sm: 'none' },
            }}
          >
            {h.trim()}
          </Button>
        ))}
        {editing ? (
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            onClick={onCancelEdit}
            sx={{ minHeight: 40, whiteSpace: 'nowrap', flex: { xs: '1 1 100%', sm: 'none' } }}
          >
            {t('sell.cancelEdit')}
          </Button>
        ) : null}
      </Stack>
      <Box id={helperId} aria-live="polite">
        {errors.length > 0 ? (
          errors.map((e) => (
            <FormHelperText key={e} error sx={{ mx: 0, fontSize: 14 }}>
              {e}
            </FormHelperText>
          ))
        ) : warning ? (
          <FormHelperText
            sx={(theme) => ({
              mx: 0,
              fontSize: 14,
              fontWeight: 600,
              color: theme.palette.mode === 'light' ? 'warning.dark' : 'warning.light',
            })}
          >
            {warning}
          </FormHelperText>
        ) : (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 0.5 }}>
            {editing ? t('sell.editHint') : t('sell.hint')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
