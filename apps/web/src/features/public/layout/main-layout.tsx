import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageFallback } from '../components/page-fallback';
import { Footer } from './footer';
import { Header } from './header';

/** Scroll to the top on page change, or to the `#hash` target when there is one. */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger
  useEffect(() => {
    if (hash) {
      // the target may live in a page that is still loading: retry a few frames
      let tries = 0;
      let frame = 0;
      const seek = () => {
        const el = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
        else if (tries++ < 60) frame = requestAnimationFrame(seek);
      };
      seek();
      return () => cancelAnimationFrame(frame);
    }
    window.scrollTo({ top: 0, left: 0 });
    return undefined;
  }, [pathname, hash]);
}

/** Layout of the public area: header, page, footer. */
export default function MainLayout() {
  const { t } = useTranslation('public');
  useScrollOnNavigate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#public-main"
        sx={(theme) => ({
          position: 'absolute',
          left: 16,
          top: -64,
          zIndex: theme.zIndex.appBar + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 600,
          textDecoration: 'none',
          '&:focus': { top: 16 },
        })}
      >
        {t('nav.skipToContent')}
      </Box>
      <Header />
      <Box component="main" id="public-main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
