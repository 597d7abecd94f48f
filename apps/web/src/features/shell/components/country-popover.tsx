import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { countryEndpoints } from '@borlette/shared/contracts/countries';
import CheckIcon from '@mui/icons-material/Check';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeBadge } from '../../../components/code-badge';
import { can } from '../../../lib/authorization';
import { ALL, useCountries, useSelectCountry } from '../../../lib/session/selection';

/** The country's code (flag emoji are not drawn on many systems); a globe for 'all'. */
function Flag({ code, active = false }: { code: string | null | undefined; active?: boolean }) {
  if (!code || code === ALL) return <PublicIcon fontSize="small" aria-hidden="true" sx={{ width: 28 }} />;
  return <CodeBadge code={code} active={active} />;
}

/** docs/spec.md §2/§6: the superuser's country switcher (menu at most 450 px high). */
export function CountryPopover({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('layout');
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Staff without view_country is not asked for the list (a 403 in the console): « all » is offered.
  const countries = useCountries(can(user, countryEndpoints.list));
  const select = useSelectCountry();
  const current = user.select_country_code ?? ALL;
  const currentCountry = countries.data?.find((c) => c.name_code === current);
  const label = currentCountry ? `${t('country')} : ${currentCountry.name}` : `${t('country')} : ${t('allCountries')}`;

  const choose = (code: string, name: string) => {
    if (select.isPending) return;
    if (code === current) {
      setAnchor(null);
      return;
    }
    select.mutate(code, {
      onSuccess: () => {
        enqueueSnackbar(t('countrySelected', { name }), { variant: 'success' });
        setAnchor(null);
      },
      onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
    });
  };

  const options = [{ name_code: ALL, name: t('allCountries'), flag: null as string | null }, ...(countries.data ?? [])];

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Box sx={{ minWidth: 28, height: 24, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Flag code={currentCountry?.name_code} active />
          </Box>
        </IconButton>
      </Tooltip>
      <Menu
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 240, maxHeight: 450, mt: 1.5, p: 0.5 } },
          list: { 'aria-label': t('country') },
        }}
      >
        {options.map((c) => {
          const selected = c.name_code === current;
          return (
            <MenuItem
              key={c.name_code}
              selected={selected}
              disabled={select.isPending}
              onClick={() => choose(c.name_code, c.name)}
              sx={{ gap: 1.5 }}
            >
              <Flag code={c.name_code} active={selected} />
              <ListItemText slotProps={{ primary: { noWrap: true, variant: 'body2' } }}>{c.name}</ListItemText>
              {selected ? (
                <ListItemIcon sx={{ mr: 0 }}>
                  <CheckIcon fontSize="small" color="primary" />
                </ListItemIcon>
              ) : null}
            </MenuItem>
          );
        })}
        {countries.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
            <CircularProgress size={20} aria-label={t('common:loading')} />
          </Box>
        ) : null}
      </Menu>
    </>
  );
}
