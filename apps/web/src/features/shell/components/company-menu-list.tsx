import type { CurrentUser } from '@borlette/shared/contracts/auth';
import CheckIcon from '@mui/icons-material/Check';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ALL, useSelectCompany, useSimpleCompanies } from '../../../lib/session/selection';

/**
 * docs/spec.md §6/§9: the superuser's company choice, 'Toutes' first; the list is at most 450 px high.
 * `withAll={false}`: the companies only (a create/edit page needs one, components/company-required).
 */
export function CompanyMenuList({
  user,
  onDone,
  withAll = true,
}: {
  user: CurrentUser;
  onDone: () => void;
  withAll?: boolean;
}) {
  const { t } = useTranslation('layout');
  const { enqueueSnackbar } = useSnackbar();
  const companies = useSimpleCompanies(true);
  const select = useSelectCompany();
  const current = user.select_company ?? ALL;

  const choose = (refCode: string, label: string) => {
    if (select.isPending) return;
    if (refCode === current) {
      onDone();
      return;
    }
    select.mutate(refCode, {
      onSuccess: () => {
        enqueueSnackbar(t('companySelected', { name: label }), { variant: 'success' });
        onDone();
      },
      onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
    });
  };

  const options = [
    ...(withAll ? [{ ref_code: ALL, companyname: t('all'), user_photo: null as string | null }] : []),
    ...(companies.data ?? []),
  ];

  return (
    <Box>
      <Typography
        variant="overline"
        component="p"
        id="company-menu-title"
        sx={{ px: 2.5, pt: 1.5, color: 'text.secondary' }}
      >
        {t('companies')}
      </Typography>
      <MenuList aria-labelledby="company-menu-title" sx={{ px: 1, maxHeight: 450, overflowY: 'auto' }}>
        {options.map((c) => {
          const selected = c.ref_code === current;
          return (
            <MenuItem
              key={c.ref_code}
              selected={selected}
              disabled={select.isPending}
              onClick={() => choose(c.ref_code, c.companyname)}
              sx={{ gap: 1.5 }}
            >
              <Avatar
                src={c.user_photo ?? undefined}
                alt=""
                variant="rounded"
                sx={{ width: 28, height: 28, fontSize: 13 }}
              >
                {c.companyname.slice(0, 1).toUpperCase()}
              </Avatar>
              <ListItemText slotProps={{ primary: { noWrap: true, variant: 'body2' } }}>{c.companyname}</ListItemText>
              {selected ? (
                <ListItemIcon sx={{ mr: 0 }}>
                  <CheckIcon fontSize="small" color="primary" />
                </ListItemIcon>
              ) : null}
            </MenuItem>
          );
        })}
        {companies.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
            <CircularProgress size={20} aria-label={t('common:loading')} />
          </Box>
        ) : null}
        {companies.isError ? (
          <Typography variant="caption" component="p" sx={{ px: 1.5, py: 1, color: 'error.main' }}>
            {t('companiesError')}
          </Typography>
        ) : null}
      </MenuList>
    </Box>
  );
}
