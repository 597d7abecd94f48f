import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqKey } from '../constants';
import { fade, pal } from '../theme-utils';

/** Questions/answers of faqs.items, one open at a time. */
export function FaqAccordion({ keys, defaultOpen }: { keys: readonly FaqKey[]; defaultOpen?: FaqKey }) {
  const { t } = useTranslation('public');
  const [open, setOpen] = useState<FaqKey | false>(defaultOpen ?? false);
  return (
    <Box>
      {keys.map((key) => (
        <Accordion
          key={key}
          disableGutters
          elevation={0}
          expanded={open === key}
          onChange={(_, isOpen) => setOpen(isOpen ? key : false)}
          sx={(theme) => ({
            mb: 1.5,
            borderRadius: '12px !important',
            border: `1px solid ${pal(theme).divider}`,
            bgcolor: 'background.paper',
            '&::before': { display: 'none' },
            '&.Mui-expanded': {
              borderColor: fade(theme, pal(theme).primary.main, 0.4),
              boxShadow: `0 12px 24px -16px ${fade(theme, pal(theme).primary.main, 0.45)}`,
            },
          })}
        >
          <AccordionSummary
            expandIcon={<ExpandMore />}
            id={`faq-${key}-header`}
            aria-controls={`faq-${key}-content`}
            sx={{ px: { xs: 2, sm: 3 }, py: 0.5 }}
          >
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.0625rem' } }}>
              {t(`faqs.items.${key}.question`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pt: 0, pb: 2.5 }}>
            <Typography sx={{ color: 'text.secondary', lineHeight: 1.7 }}>{t(`faqs.items.${key}.answer`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
