import { Alert, type AlertColor, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../lib/api-client';

export interface RecordBlockOptions {
  /** An edit page (a record id in the path) rather than a creation page. */
  editing: boolean;
  /** The id read from the path; null when it is not a valid id. */
  id: number | null;
  /** The query that loads the record. */
  record: { isError: boolean; error: unknown };
  /** Another load the form cannot do without (e.g. its choices). */
  otherError?: unknown;
  listPath: string;
  texts: { notFound: string; backToList: string };
  /** A reason to refuse the form although everything loaded. */
  refusal?: { severity: AlertColor; text: string } | null;
  /** Show the refusal before a load problem (default: after). */
  refusalFirst?: boolean;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * What a form page shows instead of its form: the record is not found (bad id, 404 — another
 * company's record looks the same), it could not be loaded, or the form is refused; each with a way
 * back to the list. Undefined when the form can be shown.
 */
export function recordBlock(o: RecordBlockOptions): ReactNode | undefined {
  const notFound =
    o.editing &&
    (o.id === null || (o.record.isError && isApiError(o.record.error) && o.record.error.statusCode === 404));
  const loadError = o.otherError ? o.otherError : o.editing && o.record.isError ? o.record.error : null;
  const back = (
    <Button component={RouterLink} to={o.listPath} color="inherit" size="small">
      {o.texts.backToList}
    </Button>
  );
  const refusal = o.refusal ? (
    <Alert severity={o.refusal.severity} action={back}>
      {o.refusal.text}
    </Alert>
  ) : undefined;
  if (o.refusalFirst && refusal) return refusal;
  if (notFound || loadError) {
    return (
      <Alert severity={notFound ? 'warning' : 'error'} action={back}>
        {notFound ? o.texts.notFound : messageOf(loadError, o.texts.notFound)}
      </Alert>
    );
  }
  return refusal;
}
