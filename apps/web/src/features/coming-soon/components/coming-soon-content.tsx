import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoonIllustration } from '../../../components/illustrations';

interface ComingSoonContentProps {
  title: string;
  text: string;
  action?: ReactNode;
  headingLevel?: 'h1' | 'h2';
}

/** An honest "not built yet" block: the screen exists in the route table but does nothing yet. */
export function ComingSoonContent({ title, text, action, headingLevel = 'h1' }: ComingSoonContentProps) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Chip label={t('comingSoon.badge')} color="primary" variant="outlined" size="small" sx={{ mb: 2 }} />
      <Typography variant="h3" component={headingLevel} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
      <ComingSoonIllustration sx={{ width: 240, height: 200, mx: 'auto', my: { xs: 4, md: 5 } }} />
      {action}
    </Box>
  );
}
