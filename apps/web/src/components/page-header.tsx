import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: ReactNode;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
  /** e.g. [{ label: 'Tableau de bord', to: '/dashboard/app' }, { label: 'Succursales', to: … }, { label: 'Nouvelle' }] */
  breadcrumbs?: Crumb[];
}

export function PageHeader({ title, subtitle, action, breadcrumbs }: PageHeaderProps) {
  return (
    <Box sx={{ mb: { xs: 3, md: 5 }, display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {breadcrumbs?.length ? (
          <Breadcrumbs sx={{ mt: 1, typography: 'body2' }}>
            {breadcrumbs.map((crumb, i) =>
              crumb.to ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the trail is static for a page
                <Link key={i} component={RouterLink} to={crumb.to} color="inherit" underline="hover">
                  {crumb.label}
                </Link>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the trail is static for a page
                <Typography key={i} variant="body2" sx={{ color: 'text.disabled' }} aria-current="page">
                  {crumb.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        ) : null}
        {subtitle ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {action}
    </Box>
  );
}
