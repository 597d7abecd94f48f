import ClearIcon from '@mui/icons-material/Clear';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableFilter } from './types';

export const SEARCH_DEBOUNCE_MS = 350;

/** The search box: the URL is updated once the user pauses typing. */
function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation('components');
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // A change that did not come from this box (Back button, "clear filters"): show it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === sent.current) return;
    const id = setTimeout(() => {
      sent.current = text;
      onChange(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, onChange]);

  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      placeholder={placeholder}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 240px' }, maxWidth: { sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': t('table.searchLabel'), maxLength: 100, enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" sx={{ color: 'text.disabled' }} />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={t('table.clearSearch')} onClick={() => setText('')}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}

interface TableToolbarProps {
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  filters: DataTableFilter[];
  filterValues: Record<string, string>;
  onFilter: (key: string, value: string) => void;
  extra?: ReactNode;
  onExport?: () => void;
  exporting?: boolean;
}

export function TableToolbar({
  search,
  filters,
  filterValues,
  onFilter,
  extra,
  onExport,
  exporting,
}: TableToolbarProps) {
  const { t } = useTranslation('components');
  if (!search && !filters.length && !extra && !onExport) return null;
  return (
    <Box sx={{ p: { xs: 2, md: 2.5 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      {search ? <SearchBox {...search} /> : null}
      {filters.map((f) => (
        <TextField
          key={f.key}
          select
          size="small"
          label={t(f.label)}
          // A value whose options are not loaded yet still filters; it shows once they arrive.
          value={f.options.some((o) => o.value === filterValues[f.key]) ? filterValues[f.key] : ''}
          onChange={(e) => onFilter(f.key, e.target.value)}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 180px' } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t(f.allLabel ?? 'components:table.all')}</MenuItem>
          {f.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.text ?? (o.label ? t(o.label) : o.value)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {extra}
      {onExport ? (
        <Button
          variant="outlined"
          color="inherit"
          onClick={onExport}
          loading={exporting}
          startIcon={<FileDownloadOutlinedIcon />}
          sx={{ ml: { sm: 'auto' }, flexShrink: 0, height: 40 }}
        >
          {t('table.exportCsv')}
        </Button>
      ) : null}
    </Box>
  );
}
