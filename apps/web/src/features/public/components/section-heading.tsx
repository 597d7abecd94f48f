import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { accent } from '../theme-utils';

interface Props {
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  align?: 'left' | 'center';
  /** id of the heading, for aria-labelledby on the section. */
  id?: string;
  component?: 'h1' | 'h2';
}

/** Eyebrow + title + subtitle block used at the top of each section. */
export function SectionHeading({ eyebrow, title, subtitle, align = 'center', id, component = 'h2' }: Props) {
  return (
    <Box sx={{ textAlign: align, maxWidth: align === 'center' ? 720 : 'none', mx: align === 'center' ? 'auto' : 0 }}>
      {eyebrow && (
        <Typography
          variant="overline"
          sx={{ color: accent, fontWeight: 700, letterSpacing: '0.12em', display: 'block', mb: 1 }}
        >
          {eyebrow}
        </Typography>
      )}
      <Typography
        id={id}
        component={component}
        variant="h3"
        sx={{
          fontWeight: 800,
          letterSpacing: '-0.02em',
          fontSize: { xs: '1.75rem', sm: '2.125rem', md: '2.5rem' },
          lineHeight: 1.2,
        }}
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography sx={{ color: 'text.secondary', mt: 2, fontSize: { xs: '1rem', md: '1.125rem' } }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
