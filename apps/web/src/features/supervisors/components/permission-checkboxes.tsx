import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupsFor } from '../permission-groups';

/**
 * The supervisor's permissions as grouped checkboxes (a group's box selects or clears the whole
 * group). Only what the user may grant is offered; codenames held but no longer grantable stay
 * listed (checked) so that they are not dropped silently.
 */
export function PermissionCheckboxes({ name, allowed }: { name: string; allowed: readonly string[] }) {
  const { t } = useTranslation('supervisors');
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const selected = new Set(value);
  const groups = groupsFor([...allowed, ...value.filter((c) => !allowed.includes(c))]);
  const labelId = useId();

  const set = (next: Set<string>) => field.onChange([...next].sort());
  const toggle = (codename: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(codename);
    else next.delete(codename);
    set(next);
  };
  const toggleGroup = (codenames: string[], on: boolean) => {
    const next = new Set(selected);
    for (const c of codenames) {
      if (on && allowed.includes(c)) next.add(c);
      if (!on) next.delete(c);
    }
    set(next);
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={labelId} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('fields.permissions')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fields.permissionsCount', { count: value.length })}
        </Typography>
      </Box>
      {fieldState.error?.message ? (
        <FormHelperText error sx={{ mb: 1 }} ref={field.ref as never} tabIndex={-1}>
          {fieldState.error.message}
        </FormHelperText>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {groups.map((g) => {
          const count = g.codenames.filter((c) => selected.has(c)).length;
          const all = count === g.codenames.length;
          return (
            <Box
              key={g.id}
              role="group"
              aria-label={t(`permGroups.${g.id}`)}
              sx={{
                px: 1.5,
                pt: 0.5,
                pb: 1,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
                minWidth: 0,
              }}
            >
              <Box sx={{ borderBottom: 1, borderColor: 'divider', borderBottomStyle: 'dashed', mb: 0.5 }}>
                <FormControlLabel
                  label={
                    <Typography variant="subtitle2" component="span">
                      {t(`permGroups.${g.id}`)}
                    </Typography>
                  }
                  control={
                    <Checkbox
                      size="small"
                      checked={all}
                      indeterminate={count > 0 && !all}
                      onChange={(e) => toggleGroup(g.codenames, e.target.checked)}
                    />
                  }
                />
              </Box>
              <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                {g.codenames.map((c) => (
                  <FormControlLabel
                    key={c}
                    sx={{ ml: 1.5, mr: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25, pb: 0.25 } }}
                    disabled={!allowed.includes(c) && !selected.has(c)}
                    label={
                      <Typography variant="body2" component="span" sx={{ pt: 0.4, display: 'block' }}>
                        {t(`perm.${c}`, { defaultValue: c })}
                      </Typography>
                    }
                    control={
                      <Checkbox
                        size="small"
                        name={`${name}.${c}`}
                        checked={selected.has(c)}
                        onChange={(e) => toggle(c, e.target.checked)}
                      />
                    }
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
