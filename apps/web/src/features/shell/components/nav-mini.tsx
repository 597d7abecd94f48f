import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ResolvedNavGroup } from '../hooks/use-nav';
import { NavItemIcon } from './nav-icons';

/** The collapsed (102 px) sidebar: one icon tile with a short label per entry, groups separated. */
export function NavMini({ groups, activePath }: { groups: ResolvedNavGroup[]; activePath: string }) {
  const { t } = useTranslation(['nav', 'layout']);
  return (
    <Box component="nav" aria-label={t('layout:mainNav')} sx={{ px: 0.75 }}>
      {groups.map((group, index) => (
        <Box
          key={group.key}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 0.5,
            pt: index ? 1 : 0,
            mt: index ? 1 : 0,
            borderTop: index ? (theme) => `1px dashed ${alpha(theme.palette.grey[500], 0.2)}` : 'none',
          }}
        >
          {group.items.map((item) => {
            const active = item.to === activePath;
            const label = t(`nav:items.${item.key}`);
            return (
              <ListItemButton
                key={item.key}
                component={RouterLink}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                title={label}
                sx={(theme) => ({
                  flexDirection: 'column',
                  justifyContent: 'center',
                  gap: 0.5,
                  minHeight: 56,
                  px: 0.5,
                  py: 1,
                  borderRadius: 1,
                  color: 'text.secondary',
                  ...(active && {
                    color: theme.palette.mode === 'light' ? 'primary.main' : 'primary.light',
                    bgcolor: alpha(theme.palette.primary.main, 0.08),
                  }),
                })}
              >
                <NavItemIcon name={item.icon} sx={{ fontSize: 22 }} />
                <Box
                  component="span"
                  sx={{
                    width: 1,
                    fontSize: 10,
                    lineHeight: '14px',
                    fontWeight: active ? 700 : 600,
                    textAlign: 'center',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {label}
                </Box>
              </ListItemButton>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
