import type { CurrentUser } from '@borlette/shared/contracts/auth';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';
import { companyLabel } from '../../../lib/session/company-label';

export function useCompanyLabel(user: CurrentUser): string {
  const { t } = useTranslation('layout');
  return companyLabel(user, t('allCompanies'));
}

/** Company logo and name at the top of the sidebar (docs/spec.md §2 Layout). */
export function SidebarBrand({ user, mini = false }: { user: CurrentUser; mini?: boolean }) {
  const { t } = useTranslation('common');
  const name = useCompanyLabel(user);
  const logo = user.company?.logo;
  const mark = logo ? (
    <Avatar src={logo} alt="" variant="rounded" sx={{ width: 40, height: 40, borderRadius: 1.5 }} />
  ) : (
    <Logo size={40} />
  );
  if (mini) return <Box sx={{ display: 'flex', justifyContent: 'center', py: 2.5 }}>{mark}</Box>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2.5 }}>
      {mark}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" noWrap title={name}>
          {name}
        </Typography>
        <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
          {t('brand')}
        </Typography>
      </Box>
    </Box>
  );
}
