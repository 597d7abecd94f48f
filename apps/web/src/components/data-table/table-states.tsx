import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyIllustration } from '../illustrations';

/** Grey bars in place of the first page while it loads (nothing under the row-menu column). */
export function SkeletonRows({ rows, columns, actions }: { rows: number; columns: number; actions: boolean }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
    <TableRow key={r} aria-hidden="true">
      {Array.from({ length: columns }, (_, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <TableCell key={c}>
          <Skeleton variant="text" width={c === 0 ? '70%' : '50%'} />
        </TableCell>
      ))}
      {actions ? <TableCell padding="checkbox" /> : null}
    </TableRow>
  ));
}

/** The place of a message (empty list, error) under the table's head. */
export function MessagePanel({ children }: { children: ReactNode }) {
  return <Box sx={{ px: 3, py: { xs: 5, md: 8 }, maxWidth: 520, mx: 'auto' }}>{children}</Box>;
}

interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <EmptyIllustration sx={{ width: 160, height: 120, mx: 'auto', mb: 2 }} />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {text}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 3 }}>{action}</Box> : null}
    </Box>
  );
}

export function ErrorState({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('components');
  return (
    <Box role="alert" sx={{ textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {t('table.errorTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {message}
      </Typography>
      <Button
        sx={{ mt: 3 }}
        variant="outlined"
        color="inherit"
        startIcon={<RefreshIcon />}
        onClick={onRetry}
        loading={retrying}
      >
        {t('table.retry')}
      </Button>
    </Box>
  );
}
