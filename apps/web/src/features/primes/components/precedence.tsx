import type { PrimeType } from '@borlette/shared/contracts/primes';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LayersOutlinedIcon from '@mui/icons-material/LayersOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

const LEVELS = ['agent', 'surcussale', 'tirage', 'generale'] as const;

/**
 * agent > succursale > tirage > générale: the most specific level wins, an empty multiplier inherits.
 * The current level is highlighted; the others link to their page.
 */
export function Precedence({ current }: { current: PrimeType }) {
  const { t } = useTranslation('primes');
  return (
    <Card sx={{ p: { xs: 2, md: 2.5 }, mb: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <LayersOutlinedIcon sx={{ color: 'primary.main', mt: 0.5, display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ minWidth: 0 }}>
        <Box
          component="ol"
          aria-label={t('precedence.label')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
        >
          {LEVELS.map((level, i) => (
            <Fragment key={level}>
              {i > 0 ? <ChevronRightIcon fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden /> : null}
              <Box component="li">
                <Chip
                  size="small"
                  component={RouterLink}
                  to={level === 'generale' ? paths.dashboard.tirage.primeGenerale : paths.dashboard.tirage.prime(level)}
                  clickable
                  color={level === current ? 'primary' : 'default'}
                  variant={level === current ? 'filled' : 'outlined'}
                  label={t(`levels.${level}`)}
                  aria-current={level === current ? 'page' : undefined}
                />
              </Box>
            </Fragment>
          ))}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {t('precedence.text')}
        </Typography>
      </Box>
    </Card>
  );
}
