import type { City, CountryDetail } from '@borlette/shared/contracts/countries';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { isApiError } from '../../../lib/api-client';
import { useAddCity, useDeleteCity } from '../api/countries';

/** The cities of a country (sub-branch and company forms offer them): add one, remove an unused one. */
export function CitiesCard({ country, canChange }: { country: CountryDetail; canChange: boolean }) {
  const { t } = useTranslation('countries');
  const confirm = useConfirm();
  const add = useAddCity();
  const remove = useDeleteCity();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const inputId = useId();

  const shown = useMemo(() => {
    const term = filter.trim().toLocaleLowerCase('fr');
    const norm = (s: string) =>
      s
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLocaleLowerCase('fr');
    return term ? country.cities.filter((c) => norm(c.name).includes(norm(term))) : country.cities;
  }, [country.cities, filter]);

  const onAdd = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const value = name.trim();
    if (value.length < 2) {
      setError(t('cities.tooShort'));
      return;
    }
    setError(null);
    try {
      await add.mutateAsync({ country_code: country.name_code, name: value });
      setName('');
    } catch (err) {
      setError(isApiError(err) ? (err.fields?.name ?? err.message) : errorMessage(err, t('cities.failed')));
    }
  };

  const onDelete = async (c: City) => {
    const ok = await confirm({
      title: t('cities.deleteTitle', { name: c.name }),
      message: t('cities.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (ok) remove.mutate({ id: c.id, name: c.name });
  };

  return (
    <Card sx={{ maxWidth: 880, mt: 3 }}>
      <CardHeader
        title={t('cities.title', { count: country.cities.length })}
        subheader={t('cities.subtitle', { name: country.name })}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {canChange ? (
          <Box
            component="form"
            noValidate
            onSubmit={onAdd}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
          >
            <TextField
              id={inputId}
              size="small"
              label={t('cities.new')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!error}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: 80 } }}
              sx={{ flex: '1 1 auto' }}
            />
            <Button type="submit" variant="outlined" startIcon={<AddIcon />} loading={add.isPending} sx={{ mt: 0.25 }}>
              {t('cities.add')}
            </Button>
          </Box>
        ) : null}
        {country.cities.length > 12 ? (
          <TextField
            size="small"
            type="search"
            label={t('cities.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        ) : null}
        {shown.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {shown.map((c) => (
              <Chip
                key={c.id}
                label={c.name}
                variant="outlined"
                onDelete={canChange ? () => void onDelete(c) : undefined}
                deleteIcon={<CancelIcon titleAccess={t('cities.delete', { name: c.name })} />}
              />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(country.cities.length ? 'cities.noMatch' : 'cities.empty')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
