import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOTTERIES } from '../../constants';
import { accent, fade, pal } from '../../theme-utils';

/** The US lotteries whose draws are handled. */
export function LotteriesBand() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" aria-labelledby="lotteries-title" sx={{ py: { xs: 4, md: 5 } }}>
      <Container maxWidth="lg">
        <Typography
          id="lotteries-title"
          component="h2"
          variant="overline"
          sx={{
            display: 'block',
            textAlign: 'center',
            color: 'text.secondary',
            fontWeight: 700,
            letterSpacing: '0.1em',
          }}
        >
          {t('landing.lotteries.title')}
        </Typography>
        <Stack
          component="ul"
          direction="row"
          useFlexGap
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 2.5,
            flexWrap: 'wrap',
            justifyContent: 'center',
            gap: { xs: 1.25, md: 2 },
          }}
        >
          {LOTTERIES.map((l) => (
            <Stack
              key={l}
              component="li"
              direction="row"
              spacing={1.25}
              sx={(theme) => ({
                alignItems: 'center',
                pl: 0.75,
                pr: 2,
                py: 0.75,
                borderRadius: 999,
                border: `1px solid ${pal(theme).divider}`,
                bgcolor: 'background.paper',
              })}
            >
              <Box
                aria-hidden
                sx={(theme) => ({
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 12,
                  fontWeight: 800,
                  color: accent,
                  bgcolor: fade(theme, pal(theme).primary.main, 0.1),
                })}
              >
                {l.toUpperCase()}
              </Box>
              <Typography sx={{ fontWeight: 600 }}>{t(`landing.lotteries.${l}`)}</Typography>
            </Stack>
          ))}
        </Stack>
      </Container>
    </Box>
  );
}
