import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ResolvedNavGroup, ResolvedNavItem } from '../hooks/use-nav';
import { NavItemIcon } from './nav-icons';

function NavLink({ item, active }: { item: ResolvedNavItem; active: boolean }) {
  const { t } = useTranslation('nav');
  return (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      aria-current={active ? 'page' : undefined}
      sx={(theme) => ({
        minHeight: 44,
        borderRadius: 1,
        px: 1.5,
        py: 0.75,
        gap: 2,
        mb: 0.5,
        color: 'text.secondary',
        typography: 'body2',
        fontWeight: 500,
        ...(active && {
          fontWeight: 600,
          color: theme.palette.mode === 'light' ? 'primary.main' : 'primary.light',
          bgcolor: alpha(theme.palette.primary.main, 0.08),
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.16) },
        }),
      })}
    >
      <NavItemIcon name={item.icon} sx={{ fontSize: 22, flexShrink: 0 }} />
      <Box component="span" sx={{ flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {t(`items.${item.key}`)}
      </Box>
    </ListItemButton>
  );
}

function Group({ group, activePath }: { group: ResolvedNavGroup; activePath: string }) {
  const { t } = useTranslation('nav');
  const labelId = `nav-group-${group.key}`;
  return (
    <Box component="li" sx={{ listStyle: 'none', px: 2 }}>
      <Box
        id={labelId}
        sx={{ pt: 2, pb: 1, pl: 1.5, typography: 'overline', fontSize: 11, color: 'text.disabled', userSelect: 'none' }}
      >
        {t(`groups.${group.key}`)}
      </Box>
      <List aria-labelledby={labelId} disablePadding>
        {group.items.map((item) => (
          <NavLink key={item.key} item={item} active={item.to === activePath} />
        ))}
      </List>
    </Box>
  );
}

/** The full sidebar menu: groups under a subheader, items as links named by their visible label. */
export function NavSection({ groups, activePath }: { groups: ResolvedNavGroup[]; activePath: string }) {
  const { t } = useTranslation('layout');
  return (
    <Box component="nav" aria-label={t('mainNav')}>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {groups.map((group) => (
          <Group key={group.key} group={group} activePath={activePath} />
        ))}
      </Box>
    </Box>
  );
}
