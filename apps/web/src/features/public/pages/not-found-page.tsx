import Home from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session/use-session';
import { readItem, STORAGE_KEYS } from '../../../lib/storage';
import { useDocumentTitle } from '../components/use-document-title';
import { HEADER_HEIGHT } from '../constants';
import { notFoundTarget } from '../not-found-target';
import { accent, fade, pal } from '../theme-utils';

/** Three lottery balls reading 4 0 4. */
function Balls404() {
  const digits = ['4', '0', '4'];
  return (
    <Box aria-hidden sx={{ display: 'flex', justifyContent: 'center', gap: { xs: 1.5, sm: 2.5 } }}>
      {digits.map((d, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative digits
          key={i}
          sx={(theme) => ({
            width: { xs: 84, sm: 120 },
            height: { xs: 84, sm: 120 },
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 800,
            fontSize: { xs: '2.5rem', sm: '3.5rem' },
            color: i === 1 ? pal(theme).primary.contrastText : accent(theme),
            backgroundImage:
              i === 1
                ? `radial-gradient(circle at 30% 30%, ${pal(theme).primary.light}, ${pal(theme).primary.dark})`
                : `radial-gradient(circle at 30% 30%, ${pal(theme).background.paper}, ${fade(theme, pal(theme).primary.main, 0.14)})`,
            border: `2px solid ${fade(theme, pal(theme).primary.main, 0.3)}`,
            boxShadow: `0 20px 40px -20px ${fade(theme, pal(theme).primary.main, 0.6)}`,
            transform: i === 1 ? 'translateY(-12px)' : 'none',
          })}
        >
          {d}
        </Box>
      ))}
    </Box>
  );
}

export default function NotFoundPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('notFound.title'));
  const { status, user } = useSession();
  const back = notFoundTarget({
    signedIn: status === 'authenticated',
    role: user?.role ?? null,
    hasPosSession: !!readItem(STORAGE_KEYS.posToken),
  });
  return (
    <Box
      sx={(theme) => ({
        minHeight: { xs: '80vh', md: '85vh' },
        display: 'flex',
        alignItems: 'center',
        pt: { xs: `${HEADER_HEIGHT.mobile + 32}px`, md: `${HEADER_HEIGHT.desktop + 32}px` },
        pb: 8,
        backgroundImage: `radial-gradient(50% 50% at 50% 30%, ${fade(theme, pal(theme).primary.main, 0.12)} 0%, transparent 70%)`,
      })}
    >
      <Container maxWidth="sm" sx={{ textAlign: 'center' }}>
        <Balls404 />
        <Typography component="h1" variant="h3" sx={{ mt: 5, fontWeight: 800, fontSize: { xs: '2rem', sm: '2.5rem' } }}>
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '1.0625rem' }}>
          {t('notFound.description')}
        </Typography>
        <Button
          component={RouterLink}
          to={back.to}
          variant="contained"
          size="large"
          startIcon={<Home />}
          sx={{ mt: 4, fontWeight: 700, px: 4 }}
        >
          {t(`notFound.${back.label}`)}
        </Button>
      </Container>
    </Box>
  );
}
