import type { SurcussaleInput } from '@borlette/shared/contracts/surcussales';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RHFMultiSelect, RHFSelect, RHFTextField } from '../../../components/form';
import type { Option } from '../api/surcussales';

interface RefList {
  /** undefined while loading, null when the endpoint is not available (the field is then hidden). */
  options: Option[] | null | undefined;
}

/** A disabled field holding the place while a reference list loads. */
function LoadingField({ label }: { label: string }) {
  const { t } = useTranslation('common');
  return (
    <TextField select disabled fullWidth label={label} value="" helperText={t('loading')}>
      <MenuItem value="" />
    </TextField>
  );
}

export function SurcussaleFormFields({ cities, supervisors }: { cities: RefList; supervisors: RefList }) {
  const { t } = useTranslation('surcussales');
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <RHFTextField<SurcussaleInput>
        name="name"
        label={t('fields.name')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <RHFTextField<SurcussaleInput>
        name="phone"
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        placeholder="+509 3700 0000"
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <RHFTextField<SurcussaleInput>
          name="address"
          label={t('fields.address')}
          autoComplete="street-address"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Box>
      {cities.options === undefined ? <LoadingField label={t('fields.city')} /> : null}
      {cities.options ? (
        <RHFSelect<SurcussaleInput>
          name="city_id"
          label={t('fields.city')}
          emptyLabel={t('fields.noCity')}
          options={cities.options.map((c) => ({ value: c.id, label: c.name }))}
        />
      ) : null}
      {supervisors.options === undefined ? <LoadingField label={t('fields.supervisors')} /> : null}
      {supervisors.options ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <RHFMultiSelect<SurcussaleInput>
            name="supervisors"
            label={t('fields.supervisors')}
            placeholder={t('fields.noSupervisor')}
            helperText={t('fields.supervisorsHelp')}
            options={supervisors.options.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Box>
      ) : null}
    </Box>
  );
}
