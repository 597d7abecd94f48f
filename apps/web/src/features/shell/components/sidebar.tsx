import type { CurrentUser } from '@borlette/shared/contracts/auth';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { alpha, type Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNav } from '../hooks/use-nav';
import { NAV_MINI_WIDTH, NAV_WIDTH } from './layout-constants';
import { NavMini } from './nav-mini';
import { NavSection } from './nav-section';
import { PosCard } from './pos-card';
import { SidebarBrand } from './sidebar-brand';

interface SidebarProps {
  user: CurrentUser;
  /** Desktop (md and up): a fixed sidebar; below md: a temporary drawer. */
  isDesktop: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

const scrollArea = {
  flexGrow: 1,
  overflowY: 'auto',
  overflowX: 'hidden',
  scrollbarWidth: 'thin',
  scrollbarColor: (theme: Theme) => `${alpha(theme.palette.grey[500], 0.4)} transparent`,
} as const;

function FullNav({ user }: { user: CurrentUser }) {
  const { groups, activePath } = useNav(user);
  return (
    <Box sx={{ height: 1, display: 'flex', flexDirection: 'column' }}>
      <SidebarBrand user={user} />
      <Box sx={scrollArea}>
        <NavSection groups={groups} activePath={activePath} />
        <PosCard />
      </Box>
    </Box>
  );
}

/** docs/spec.md §2/§4: collapsible sidebar with click (persisted) and hover expand states. */
export function Sidebar({ user, isDesktop, collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  const { t } = useTranslation('layout');
  const [hovered, setHovered] = useState(false);
  const { groups, activePath } = useNav(user);

  if (!isDesktop) {
    return (
      <Drawer
        open={mobileOpen}
        onClose={onCloseMobile}
        slotProps={{ paper: { 'aria-label': t('sidebar'), sx: { width: NAV_WIDTH, bgcolor: 'background.default' } } }}
      >
        <FullNav user={user} />
      </Drawer>
    );
  }

  const expanded = !collapsed || hovered;
  return (
    <Box
      component="aside"
      aria-label={t('sidebar')}
      onMouseEnter={() => collapsed && setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        bottom: 0,
        zIndex: theme.zIndex.appBar + 1,
        width: expanded ? NAV_WIDTH : NAV_MINI_WIDTH,
        bgcolor: 'background.default',
        borderRight: `1px dashed ${alpha(theme.palette.grey[500], 0.24)}`,
        transition: theme.transitions.create(['width', 'box-shadow'], { duration: theme.transitions.duration.shorter }),
        ...(collapsed && hovered && { boxShadow: theme.customShadows.dropdown }),
      })}
    >
      <IconButton
        size="small"
        onClick={() => {
          setHovered(false);
          onToggleCollapsed();
        }}
        aria-label={collapsed ? t('expandNav') : t('collapseNav')}
        aria-pressed={collapsed}
        sx={(theme) => ({
          position: 'absolute',
          top: 32,
          right: -13,
          zIndex: 1,
          width: 26,
          height: 26,
          p: 0.25,
          bgcolor: 'background.default',
          border: `1px dashed ${alpha(theme.palette.grey[500], 0.24)}`,
          backdropFilter: 'blur(6px)',
          '&:hover': { bgcolor: 'background.paper' },
        })}
      >
        {collapsed ? <ChevronRightIcon sx={{ fontSize: 18 }} /> : <ChevronLeftIcon sx={{ fontSize: 18 }} />}
      </IconButton>
      {expanded ? (
        <FullNav user={user} />
      ) : (
        <Box sx={{ height: 1, display: 'flex', flexDirection: 'column' }}>
          <SidebarBrand user={user} mini />
          <Box sx={{ ...scrollArea, pb: 2 }}>
            <NavMini groups={groups} activePath={activePath} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
