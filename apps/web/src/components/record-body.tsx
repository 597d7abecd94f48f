import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from './use-mutation-with-toast';

/**
 * The body of a page that edits one record of the company (its settings, its general primes): a
 * skeleton of the form while it loads, the error with « Réessayer » if it failed, the form once read.
 */
export function RecordBody<T>({
  query,
  rowHeight,
  retryLabel,
  failedLabel,
  children,
}: {
  query: UseQueryResult<T>;
  /** Height of a skeleton row: about one field and its help text. */
  rowHeight: number;
  retryLabel: string;
  failedLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Card sx={{ p: 3, maxWidth: 960, display: 'grid', gap: 2 }} aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={rowHeight} />
        ))}
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {retryLabel}
          </Button>
        }
      >
        {errorMessage(query.error, failedLabel)}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
