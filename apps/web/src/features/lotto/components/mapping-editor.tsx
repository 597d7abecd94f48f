import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Ball } from '../../../components/lot-balls';
import {
  canAdd,
  EXAMPLE_RESULT,
  exampleNumber,
  LOT_PARTS,
  type LotPart,
  mappingDigits,
  move,
  PART_DIGITS,
} from './mapping-rules';

function PartChip({
  part,
  index,
  count,
  readOnly,
  onMove,
  onRemove,
}: {
  part: LotPart;
  index: number;
  count: number;
  readOnly: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('lotto');
  const name = t(`parts.${part}`);
  return (
    <Box
      component="span"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        pl: 1.25,
        pr: readOnly ? 1.25 : 0.25,
        height: 36,
        borderRadius: 1,
        fontWeight: 600,
        typography: 'body2',
        color: theme.palette.mode === 'light' ? 'primary.dark' : 'primary.light',
        bgcolor: alpha(theme.palette.primary.main, 0.12),
        border: `1px solid ${alpha(theme.palette.primary.main, 0.3)}`,
      })}
    >
      <span>{name}</span>
      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, ml: 0.5, typography: 'caption' }}>
        {t('digitsShort', { count: PART_DIGITS[part] })}
      </Box>
      {readOnly ? null : (
        <>
          <IconButton
            size="small"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('editor.left', { name })}
          >
            <ChevronLeftIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('editor.right', { name })}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" onClick={onRemove} aria-label={t('editor.remove', { name })}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </Box>
  );
}

/**
 * The parts of an option number, in order (e.g. lot2 + lot3), with the digits they make against
 * the digits the option needs, and the number they give for 123 / 4567. Read-only without the
 * `option_plus` permission.
 */
export function MappingEditor({
  value,
  onChange,
  digits,
  readOnly,
  error,
}: {
  value: LotPart[];
  onChange: (next: LotPart[]) => void;
  /** 4 for a loto 4 option, 5 for a loto 5 one; null before the option is chosen. */
  digits: number | null;
  readOnly: boolean;
  error?: string;
}) {
  const { t } = useTranslation('lotto');
  const total = mappingDigits(value);
  const ok = digits !== null && total === digits;
  const example = exampleNumber(value);
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }} id="lotto-mapping-label">
        {t('fields.mapping')}
      </Typography>
      <Box
        component="ol"
        aria-labelledby="lotto-mapping-label"
        sx={(theme) => ({
          listStyle: 'none',
          m: 0,
          p: 1.5,
          minHeight: 60,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          borderRadius: 1.5,
          border: `1px ${readOnly ? 'solid' : 'dashed'} ${error ? theme.palette.error.main : theme.palette.divider}`,
          bgcolor: readOnly ? 'background.neutral' : 'transparent',
        })}
      >
        {value.length === 0 ? (
          <Box component="li" sx={{ color: 'text.disabled', typography: 'body2' }}>
            {t('editor.empty')}
          </Box>
        ) : null}
        {value.map((part, i) => (
          <Box
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: a part may appear twice; its place is its identity
            key={`${part}-${i}`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
          >
            {i > 0 ? (
              <Box component="span" aria-hidden="true" sx={{ color: 'text.secondary', fontWeight: 700 }}>
                +
              </Box>
            ) : null}
            <PartChip
              part={part}
              index={i}
              count={value.length}
              readOnly={readOnly}
              onMove={(delta) => onChange(move(value, i, delta))}
              onRemove={() => onChange(value.filter((_, j) => j !== i))}
            />
          </Box>
        ))}
      </Box>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', mr: 0.5 }}>
            {t('editor.add')}
          </Typography>
          {LOT_PARTS.map((p) => (
            <Button
              key={p}
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<AddIcon />}
              disabled={digits === null || !canAdd(value, p, digits)}
              onClick={() => onChange([...value, p])}
            >
              {t(`parts.${p}`)}
            </Button>
          ))}
        </Box>
      )}
      <Box
        aria-live="polite"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5, typography: 'body2' }}
      >
        {digits !== null ? (
          ok ? (
            <CheckCircleOutlineIcon fontSize="small" sx={{ color: 'success.main' }} />
          ) : (
            <ErrorOutlineIcon fontSize="small" sx={{ color: 'warning.main' }} />
          )
        ) : null}
        <span>
          {digits === null
            ? t('editor.chooseCode')
            : ok
              ? t('editor.ok', { need: digits })
              : t('editor.count', { total, need: digits })}
        </span>
        {value.length ? (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, ml: { sm: 'auto' } }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t('editor.example', { pick3: EXAMPLE_RESULT.pick3, pick4: EXAMPLE_RESULT.pick4 })}
            </Box>
            <Ball value={example} tone={ok ? 'lot1' : 'loto'} />
          </Box>
        ) : null}
      </Box>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
