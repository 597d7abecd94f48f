import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isForbidden } from '../api/dashboards';

interface SectionProps<T> {
  title: string;
  subtitle?: ReactNode;
  query: UseQueryResult<T>;
  /** No figure to draw: the section says so instead. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** Height of the skeleton (and the least height of the body). */
  height?: number;
  sx?: SxProps<Theme>;
  children: (data: T, headingId: string) => ReactNode;
}

/**
 * A card of the board with its states: skeleton while loading, a message when empty, an error with a
 * retry, and nothing at all when the server refuses the section to the user (403). Its body is a
 * figure named by the card's heading; lazy charts suspend inside it.
 */
export function Section<T>({
  title,
  subtitle,
  query,
  isEmpty,
  emptyText,
  height = 280,
  sx,
  children,
}: SectionProps<T>) {
  const { t } = useTranslation('home');
  const headingId = useId();
  if (isForbidden(query.error)) return null;
  const skeleton = <Skeleton variant="rounded" height={height} />;

  let body: ReactNode;
  if (query.isPending) body = skeleton;
  else if (query.isError && !query.data)
    body = (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('error')}
      </Alert>
    );
  else if (query.data !== undefined && isEmpty?.(query.data))
    body = (
      <Box
        sx={{
          minHeight: Math.min(height, 160),
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          color: 'text.secondary',
          textAlign: 'center',
        }}
      >
        <InsightsOutlinedIcon sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
        <Typography variant="body2">{emptyText ?? t('empty')}</Typography>
      </Box>
    );
  else
    body = (
      <Box
        component="figure"
        aria-labelledby={headingId}
        sx={{ m: 0, opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}
      >
        <Suspense fallback={skeleton}>{children(query.data as T, headingId)}</Suspense>
      </Box>
    );

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isFetching || undefined}
      sx={[
        { p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {body}
    </Card>
  );
}
