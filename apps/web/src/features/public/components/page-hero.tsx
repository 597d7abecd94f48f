import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { HEADER_HEIGHT } from '../constants';
import { fade, pal } from '../theme-utils';
import { SectionHeading } from './section-heading';

/** Top band of the inner public pages: sits under the transparent header. */
export function PageHero({ eyebrow, title, subtitle }: { eyebrow: ReactNode; title: ReactNode; subtitle?: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby="page-title"
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: `${HEADER_HEIGHT.mobile + 40}px`, md: `${HEADER_HEIGHT.desktop + 64}px` },
        pb: { xs: 6, md: 9 },
        backgroundImage: `radial-gradient(60% 80% at 15% 0%, ${fade(theme, pal(theme).primary.main, 0.16)} 0%, transparent 70%), radial-gradient(50% 70% at 90% 10%, ${fade(theme, pal(theme).info.main, 0.12)} 0%, transparent 70%)`,
        borderBottom: `1px solid ${pal(theme).divider}`,
      })}
    >
      <Container maxWidth="lg">
        <SectionHeading id="page-title" component="h1" eyebrow={eyebrow} title={title} subtitle={subtitle} />
      </Container>
    </Box>
  );
}
