import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Login from '@mui/icons-material/Login';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HEADER_HEIGHT, LOGIN_PATH, LOTTERIES } from '../../constants';
import { accent, fade, pal } from '../../theme-utils';

/** Illustrative ticket lines: game types of borlette with sample numbers (no amounts, no real data). */
const SAMPLE_LINES = [
  { game: 'borlette', balls: ['23'] },
  { game: 'mariage', balls: ['23', '07'] },
  { game: 'loto3', balls: ['123'] },
  { game: 'loto4', balls: ['12', '34'] },
] as const;

/** Decorative relative bar heights of the sample sales chart (no values shown). */
const BAR_HEIGHTS = [72, 54, 88, 40, 64];

const ball = (theme: Theme) => ({
  minWidth: 34,
  height: 34,
  px: 0.75,
  borderRadius: 17,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 800,
  fontSize: 14,
  fontVariantNumeric: 'tabular-nums',
  color: accent(theme),
  backgroundColor: fade(theme, pal(theme).primary.main, 0.1),
  border: `1px solid ${fade(theme, pal(theme).primary.main, 0.25)}`,
});

function ProductPreview() {
  const { t } = useTranslation('public');
  return (
    <Box
      role="img"
      aria-label={t('landing.hero.preview.ariaLabel')}
      sx={{ position: 'relative', maxWidth: 460, mx: 'auto', pb: { xs: 9, sm: 11 } }}
    >
      <Paper
        elevation={0}
        sx={(theme) => ({
          position: 'relative',
          zIndex: 1,
          borderRadius: 4,
          p: { xs: 2.5, sm: 3 },
          border: `1px solid ${pal(theme).divider}`,
          bgcolor: 'background.paper',
          boxShadow: `0 32px 64px -32px ${fade(theme, pal(theme).primary.dark, 0.45)}`,
        })}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box
            sx={(theme) => ({
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              color: accent,
              bgcolor: fade(theme, pal(theme).primary.main, 0.12),
            })}
          >
            <ReceiptLong />
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>{t('landing.hero.preview.title')}</Typography>
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {t('landing.hero.preview.draw')}
            </Typography>
            <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
              {t('landing.hero.preview.agent')}
            </Typography>
          </Box>
          <Chip label={t('common.example')} size="small" color="primary" variant="outlined" sx={{ color: accent }} />
        </Stack>

        <Box
          sx={(theme) => ({
            mt: 2.5,
            borderRadius: 2,
            border: `1px dashed ${pal(theme).divider}`,
            overflow: 'hidden',
          })}
        >
          <Stack
            direction="row"
            sx={(theme) => ({
              px: 2,
              py: 1,
              bgcolor: fade(theme, pal(theme).text.primary, 0.04),
              color: 'text.secondary',
              typography: 'caption',
              fontWeight: 700,
              textTransform: 'uppercase',
              letterSpacing: '0.06em',
            })}
          >
            <Box sx={{ flex: 1 }}>{t('landing.hero.preview.game')}</Box>
            <Box>{t('landing.hero.preview.numbers')}</Box>
          </Stack>
          {SAMPLE_LINES.map((line) => (
            <Stack
              key={line.game}
              direction="row"
              sx={(theme) => ({
                px: 2,
                py: 1.25,
                alignItems: 'center',
                borderTop: `1px dashed ${pal(theme).divider}`,
              })}
            >
              <Typography sx={{ flex: 1, fontWeight: 600 }}>{t(`landing.hero.preview.games.${line.game}`)}</Typography>
              <Stack direction="row" spacing={0.75}>
                {line.balls.map((b) => (
                  <Box key={b} sx={ball}>
                    {b}
                  </Box>
                ))}
              </Stack>
            </Stack>
          ))}
        </Box>

        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', color: 'success.main' }}>
          <CheckCircle fontSize="small" />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('landing.hero.preview.status')}
          </Typography>
        </Stack>
      </Paper>

      {/* floating sales card */}
      <Paper
        elevation={0}
        sx={(theme) => ({
          position: 'absolute',
          zIndex: 2,
          right: { xs: -4, sm: -28 },
          bottom: 0,
          width: { xs: 190, sm: 220 },
          p: 2,
          borderRadius: 3,
          border: `1px solid ${pal(theme).divider}`,
          bgcolor: 'background.paper',
          boxShadow: `0 24px 48px -24px ${fade(theme, pal(theme).common.black, 0.35)}`,
        })}
      >
        <Typography variant="caption" sx={{ fontWeight: 700, color: 'text.secondary' }}>
          {t('landing.hero.preview.salesTitle')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'flex-end', height: 72 }}>
          {LOTTERIES.map((l, i) => (
            <Stack
              key={l}
              spacing={0.5}
              sx={{ flex: 1, alignItems: 'center', height: '100%', justifyContent: 'flex-end' }}
            >
              <Box
                sx={(theme) => ({
                  width: '100%',
                  height: `${BAR_HEIGHTS[i]}%`,
                  borderRadius: 1,
                  backgroundImage: `linear-gradient(180deg, ${pal(theme).primary.light}, ${pal(theme).primary.main})`,
                  opacity: i === 2 ? 1 : 0.55,
                })}
              />
              <Typography sx={{ fontSize: 10, fontWeight: 700, color: 'text.secondary' }}>{l.toUpperCase()}</Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}

export function HeroSection() {
  const { t } = useTranslation('public');
  const points = ['multiCompany', 'realtime', 'roles'] as const;
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: `${HEADER_HEIGHT.mobile + 32}px`, md: `${HEADER_HEIGHT.desktop + 56}px` },
        pb: { xs: 6, md: 10 },
        backgroundImage: [
          `radial-gradient(55% 60% at 10% 0%, ${fade(theme, pal(theme).primary.main, 0.18)} 0%, transparent 70%)`,
          `radial-gradient(45% 55% at 95% 20%, ${fade(theme, pal(theme).info.main, 0.14)} 0%, transparent 70%)`,
          `radial-gradient(40% 40% at 60% 100%, ${fade(theme, pal(theme).secondary.main, 0.08)} 0%, transparent 70%)`,
        ].join(','),
      })}
    >
      {/* faint dotted grid */}
      <Box
        aria-hidden
        sx={(theme) => ({
          position: 'absolute',
          inset: 0,
          backgroundImage: `radial-gradient(${fade(theme, pal(theme).text.primary, 0.08)} 1px, transparent 1px)`,
          backgroundSize: '24px 24px',
          maskImage: 'linear-gradient(180deg, #000 0%, transparent 75%)',
          WebkitMaskImage: 'linear-gradient(180deg, #000 0%, transparent 75%)',
          pointerEvents: 'none',
        })}
      />
      <Container maxWidth="lg" sx={{ position: 'relative' }}>
        <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Chip
              label={t('landing.hero.eyebrow')}
              color="primary"
              variant="outlined"
              sx={(theme) => ({
                fontWeight: 700,
                color: accent(theme),
                bgcolor: fade(theme, pal(theme).primary.main, 0.08),
                borderColor: fade(theme, pal(theme).primary.main, 0.3),
              })}
            />
            <Typography
              id="hero-title"
              component="h1"
              sx={{
                mt: 2.5,
                fontWeight: 800,
                letterSpacing: '-0.03em',
                lineHeight: 1.08,
                fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' },
              }}
            >
              {t('landing.hero.title')}{' '}
              <Box
                component="span"
                sx={(theme) => ({
                  backgroundImage: `linear-gradient(90deg, ${pal(theme).primary.main}, ${pal(theme).info.main})`,
                  backgroundClip: 'text',
                  WebkitBackgroundClip: 'text',
                  color: 'transparent',
                })}
              >
                {t('landing.hero.titleHighlight')}
              </Box>
            </Typography>
            <Typography
              sx={{ mt: 2.5, color: 'text.secondary', fontSize: { xs: '1.0625rem', md: '1.1875rem' }, maxWidth: 560 }}
            >
              {t('landing.hero.subtitle')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button
                component={RouterLink}
                to={LOGIN_PATH}
                size="large"
                variant="contained"
                startIcon={<Login />}
                sx={{ fontWeight: 700, px: 3, py: 1.4 }}
              >
                {t('landing.hero.ctaPrimary')}
              </Button>
              <Button
                component={RouterLink}
                to="/#features"
                size="large"
                variant="outlined"
                endIcon={<ArrowForward />}
                sx={{ fontWeight: 700, px: 3, py: 1.4 }}
              >
                {t('landing.hero.ctaSecondary')}
              </Button>
            </Stack>
            <Stack
              component="ul"
              direction={{ xs: 'column', sm: 'row' }}
              useFlexGap
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 4, flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}
            >
              {points.map((p) => (
                <Stack
                  key={p}
                  component="li"
                  direction="row"
                  spacing={0.75}
                  sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2', fontWeight: 600 }}
                >
                  <CheckCircle fontSize="small" sx={{ color: 'success.main' }} />
                  <span>{t(`landing.hero.points.${p}`)}</span>
                </Stack>
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProductPreview />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
