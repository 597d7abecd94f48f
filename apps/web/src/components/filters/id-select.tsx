import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { filterField, shrink } from './filter-styles';

export interface IdOption {
  id: number | string;
  name: string;
}

/**
 * A select of ids (draws, sub-branches, supervisors, statuses…) with an « all » entry. Nothing is
 * shown while `options` is undefined: the caller cannot read that list (a codename it lacks, a refusal).
 */
export function IdSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel?: string;
  value: string;
  options: readonly IdOption[] | undefined;
  onChange: (value: string) => void;
}) {
  if (!options) return null;
  return (
    <TextField
      select
      size="small"
      label={label}
      // A value not among the options (an old link) still filters; the select shows « Tous ».
      value={options.some((o) => String(o.id) === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={filterField}
      slotProps={{ ...shrink, select: { displayEmpty: true } }}
    >
      {allLabel ? <MenuItem value="">{allLabel}</MenuItem> : null}
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
