import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { fade, pal } from '../theme-utils';
import { BrandMark } from './brand-logo';

interface Action {
  label: ReactNode;
  to: string;
  icon?: ReactNode;
}

/** Call-to-action card on a primary gradient (readable in light and dark). */
export function CtaBand({
  title,
  subtitle,
  primary,
  secondary,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  primary: Action;
  secondary?: Action;
}) {
  return (
    <Container maxWidth="lg" component="section" aria-labelledby="cta-title" sx={{ py: { xs: 6, md: 10 } }}>
      <Box
        sx={(theme) => ({
          position: 'relative',
          overflow: 'hidden',
          borderRadius: { xs: 3, md: 4 },
          px: { xs: 3, sm: 6, md: 8 },
          py: { xs: 5, md: 7 },
          color: pal(theme).primary.contrastText,
          backgroundImage: `linear-gradient(135deg, ${pal(theme).primary.main} 0%, ${pal(theme).primary.dark} 100%)`,
          boxShadow: `0 24px 48px -24px ${fade(theme, pal(theme).primary.main, 0.6)}`,
        })}
      >
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: { xs: -60, md: 40 },
            top: { xs: -40, md: '50%' },
            transform: { md: 'translateY(-50%) rotate(-12deg)' },
            opacity: 0.16,
            display: { xs: 'none', sm: 'block' },
          }}
        >
          <BrandMark size={220} />
        </Box>
        <Box sx={{ position: 'relative', maxWidth: 620 }}>
          <Typography
            id="cta-title"
            component="h2"
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1.625rem', md: '2.25rem' },
              lineHeight: 1.2,
              letterSpacing: '-0.02em',
            }}
          >
            {title}
          </Typography>
          <Typography sx={{ mt: 1.5, opacity: 0.9, fontSize: { xs: '1rem', md: '1.125rem' } }}>{subtitle}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
            <Button
              component={RouterLink}
              to={primary.to}
              size="large"
              variant="contained"
              startIcon={primary.icon}
              sx={(theme) => ({
                bgcolor: pal(theme).common.white,
                color: pal(theme).primary.dark,
                fontWeight: 700,
                boxShadow: 'none',
                '&:hover': { bgcolor: fade(theme, pal(theme).common.white, 0.9), boxShadow: 'none' },
              })}
            >
              {primary.label}
            </Button>
            {secondary && (
              <Button
                component={RouterLink}
                to={secondary.to}
                size="large"
                variant="outlined"
                startIcon={secondary.icon}
                sx={(theme) => ({
                  color: 'inherit',
                  fontWeight: 700,
                  borderColor: fade(theme, pal(theme).common.white, 0.6),
                  '&:hover': {
                    borderColor: pal(theme).common.white,
                    bgcolor: fade(theme, pal(theme).common.white, 0.08),
                  },
                })}
              >
                {secondary.label}
              </Button>
            )}
          </Stack>
        </Box>
      </Box>
    </Container>
  );
}
