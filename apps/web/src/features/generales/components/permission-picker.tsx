import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PERMISSION_GROUPS } from '../../../lib/permission-labels';

export interface PermissionPickerProps<T extends FieldValues> {
  name: FieldPath<T>;
  control?: Control<T>;
  /** What the signed-in user holds: only these can be granted or withdrawn. */
  grantable: ReadonlySet<string>;
}

/** The permissions of a general as checkboxes, grouped by domain and entity, with « all » per group. */
export function PermissionPicker<T extends FieldValues>({ name, control, grantable }: PermissionPickerProps<T>) {
  const { t } = useTranslation('generales');
  const context = useFormContext<T>();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  const selected = new Set<string>(Array.isArray(field.value) ? (field.value as string[]) : []);
  const baseId = useId();

  const set = (codenames: string[], on: boolean) => {
    const next = new Set(selected);
    for (const c of codenames) {
      if (!grantable.has(c)) continue;
      if (on) next.add(c);
      else next.delete(c);
    }
    field.onChange([...next].sort());
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {PERMISSION_GROUPS.map((group, gi) => {
        const codes = group.rows.flatMap((r) => r.items.map((i) => i.codename));
        const mine = codes.filter((c) => grantable.has(c));
        const on = mine.filter((c) => selected.has(c)).length;
        const headingId = `${baseId}-g${gi}`;
        return (
          <Box
            key={group.label}
            role="group"
            aria-labelledby={headingId}
            sx={(theme) => ({
              border: `1px solid ${theme.palette.divider}`,
              borderRadius: 1.5,
              overflow: 'hidden',
            })}
          >
            <Box
              sx={(theme) => ({
                px: 2,
                py: 0.5,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                bgcolor: alpha(theme.palette.grey[500], 0.08),
              })}
            >
              <Typography id={headingId} variant="subtitle2" sx={{ flexGrow: 1 }}>
                {group.label}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {t('permissions.count', { on: codes.filter((c) => selected.has(c)).length, total: codes.length })}
              </Typography>
              <FormControlLabel
                label={t('permissions.all')}
                disabled={!mine.length}
                sx={{ mr: 0, '& .MuiFormControlLabel-label': { typography: 'body2' } }}
                control={
                  <Checkbox
                    size="small"
                    checked={mine.length > 0 && on === mine.length}
                    indeterminate={on > 0 && on < mine.length}
                    onChange={(e) => set(mine, e.target.checked)}
                    slotProps={{ input: { 'aria-label': t('permissions.allOf', { group: group.label }) } }}
                  />
                }
              />
            </Box>
            {group.rows.map((row) => (
              <Box
                key={row.label}
                sx={(theme) => ({
                  px: 2,
                  py: 0.75,
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { sm: 'center' },
                  gap: { xs: 0, sm: 2 },
                  borderTop: `1px dashed ${theme.palette.divider}`,
                })}
              >
                <Typography variant="body2" sx={{ width: { sm: 220 }, flexShrink: 0, fontWeight: 600 }}>
                  {row.label}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
                  {row.items.map((item) => {
                    const allowed = grantable.has(item.codename);
                    return (
                      <FormControlLabel
                        key={item.codename}
                        label={item.label}
                        disabled={!allowed}
                        title={allowed ? item.codename : t('permissions.notHeld')}
                        sx={{ '& .MuiFormControlLabel-label': { typography: 'body2' } }}
                        control={
                          <Checkbox
                            size="small"
                            checked={selected.has(item.codename)}
                            onChange={(e) => set([item.codename], e.target.checked)}
                            slotProps={{ input: { 'aria-label': `${row.label} · ${item.label}` } }}
                          />
                        }
                      />
                    );
                  })}
                </Box>
              </Box>
            ))}
          </Box>
        );
      })}
      {fieldState.error?.message ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
    </Box>
  );
}
