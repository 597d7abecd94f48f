import Close from '@mui/icons-material/Close';
import Login from '@mui/icons-material/Login';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { LanguageMenu } from '../components/language-menu';
import { ModeToggle } from '../components/mode-toggle';
import { useLanguages } from '../components/use-languages';
import { HEADER_HEIGHT, HEADER_SCROLL_THRESHOLD, LOGIN_PATH } from '../constants';
import { accent, fade, pal } from '../theme-utils';

export const NAV_ITEMS = [
  { key: 'home', to: '/', end: true },
  { key: 'about', to: '/about-us', end: false },
  { key: 'contact', to: '/contact-us', end: false },
  { key: 'faqs', to: '/faqs', end: false },
] as const;

/**
 * Public header: transparent over the page top, solid with blur and shadow once the page
 * has scrolled past HEADER_SCROLL_THRESHOLD (docs/spec.md §9). Phones get a menu drawer.
 */
export function Header() {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState(false);
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: HEADER_SCROLL_THRESHOLD });
  const solid = scrolled || open;

  return (
    <AppBar
      position="fixed"
      color="transparent"
      elevation={0}
      data-scrolled={scrolled ? 'true' : 'false'}
      sx={(theme) => ({
        color: 'text.primary',
        backgroundColor: 'transparent',
        borderBottom: '1px solid transparent',
        transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'backdrop-filter'], {
          duration: theme.transitions.duration.shorter,
        }),
        ...(solid && {
          backgroundColor: fade(theme, pal(theme).background.default, 0.78),
          backdropFilter: 'saturate(180%) blur(12px)',
          WebkitBackdropFilter: 'saturate(180%) blur(12px)',
          borderBottomColor: pal(theme).divider,
          boxShadow: `0 8px 24px -12px ${fade(theme, pal(theme).common.black, 0.18)}`,
          ...theme.applyStyles('dark', {
            boxShadow: `0 8px 24px -12px ${fade(theme, pal(theme).common.black, 0.6)}`,
          }),
        }),
      })}
    >
      <Container maxWidth="lg">
        <Toolbar
          disableGutters
          sx={(theme) => ({
            gap: 1,
            minHeight: { xs: HEADER_HEIGHT.mobile, md: scrolled ? HEADER_HEIGHT.mobile : HEADER_HEIGHT.desktop },
            transition: theme.transitions.create('min-height', { duration: theme.transitions.duration.shorter }),
          })}
        >
          <BrandLogo />

          <Box
            component="nav"
            aria-label={t('nav.mainNavigation')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, mx: 'auto' }}
          >
            {NAV_ITEMS.map((item) => (
              <Button
                key={item.key}
                component={NavLink}
                to={item.to}
                end={item.end}
                color="inherit"
                sx={(theme) => ({
                  px: 1.75,
                  fontWeight: 600,
                  color: 'text.secondary',
                  '&:hover': { color: 'text.primary', backgroundColor: fade(theme, pal(theme).primary.main, 0.06) },
                  '&.active': { color: accent, backgroundColor: fade(theme, pal(theme).primary.main, 0.08) },
                })}
              >
                {t(`nav.${item.key}`)}
              </Button>
            ))}
          </Box>

          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { xs: 'auto', md: 0 } }}>
            <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center' }}>
              <LanguageMenu />
              <ModeToggle />
            </Stack>
            <Button
              component={RouterLink}
              to={LOGIN_PATH}
              variant="contained"
              size="medium"
              startIcon={<Login />}
              sx={{
                fontWeight: 700,
                whiteSpace: 'nowrap',
                boxShadow: 'none',
                px: { xs: 1.5, sm: 2.25 },
                '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
              }}
            >
              {t('nav.login')}
            </Button>
            <IconButton
              edge="end"
              aria-label={t('nav.openMenu')}
              aria-controls={open ? 'public-nav-drawer' : undefined}
              aria-expanded={open ? 'true' : 'false'}
              onClick={() => setOpen(true)}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          </Stack>
        </Toolbar>
      </Container>

      <MobileDrawer open={open} onClose={() => setOpen(false)} />
    </AppBar>
  );
}

function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('public');
  const { languages, current, change } = useLanguages();
  return (
    <Drawer
      id="public-nav-drawer"
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 'min(320px, 86vw)', backgroundImage: 'none' } } }}
      sx={{ display: { md: 'none' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5 }}>
        <BrandLogo onClick={onClose} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <ModeToggle />
          <IconButton aria-label={t('nav.closeMenu')} onClick={onClose} edge="end">
            <Close />
          </IconButton>
        </Stack>
      </Stack>
      <Divider />
      <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ px: 1.5, py: 2 }}>
        <List disablePadding>
          {NAV_ITEMS.map((item) => (
            <ListItemButton
              key={item.key}
              component={NavLink}
              to={item.to}
              end={item.end}
              onClick={onClose}
              sx={(theme) => ({
                borderRadius: 1.5,
                mb: 0.5,
                '&.active': {
                  color: accent,
                  backgroundColor: fade(theme, pal(theme).primary.main, 0.08),
                },
              })}
            >
              <ListItemText primary={t(`nav.${item.key}`)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            </ListItemButton>
          ))}
        </List>
      </Box>
      {languages.length > 1 && (
        <Box sx={{ px: 2.5, pb: 2 }}>
          <Typography
            id="public-drawer-language"
            variant="overline"
            sx={{ color: 'text.secondary', display: 'block', mb: 1 }}
          >
            {t('nav.language')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            value={current}
            aria-labelledby="public-drawer-language"
            onChange={(_, v) => v && change(v)}
          >
            {languages.map((lng) => (
              <ToggleButton key={lng} value={lng} lang={lng} aria-label={t(`languages.${lng}`)}>
                {lng.toUpperCase()}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      <Box sx={{ px: 2.5, mt: 'auto', pb: 3 }}>
        <Button
          component={RouterLink}
          to={LOGIN_PATH}
          onClick={onClose}
          variant="contained"
          size="large"
          fullWidth
          startIcon={<Login />}
        >
          {t('nav.login')}
        </Button>
      </Box>
    </Drawer>
  );
}
