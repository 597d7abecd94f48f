import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { stickyCell } from '../../../components/data-table/table-styles';
import { type Crumb, PageHeader } from '../../../components/page-header';

/**
 * The frame both pages of the results' sources share (the sources, the draw calendars): the header,
 * a load error, and a small table named like the page whose last column, « Actions », is there only
 * for who may change the rows. On a phone the table scrolls sideways with its words on one line, and
 * « Actions » stays in view at the right (the buttons were off-screen, past the fold of the scroll).
 */
/** « Actions » kept in view while a narrow table scrolls sideways (desktops see the whole table). */
const stickyOnPhones = (theme: Theme) => ({ [theme.breakpoints.down('md')]: stickyCell(theme, 'right') });

export function SourcesTable({
  title,
  subtitle,
  breadcrumbs,
  action,
  loadError,
  columns,
  canChange,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  breadcrumbs: Crumb[];
  action?: ReactNode;
  loadError: boolean;
  /** Header labels, without « Actions ». */
  columns: string[];
  canChange: boolean;
  /** The rows (each with an ActionsCell when canChange). */
  children: ReactNode;
}) {
  const { t } = useTranslation('resultProviders');
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} breadcrumbs={breadcrumbs} action={action} />
      {loadError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      <Card>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c}>{c}</TableCell>
                ))}
                {canChange ? (
                  <TableCell align="right" sx={stickyOnPhones}>
                    {t('columns.actions')}
                  </TableCell>
                ) : null}
              </TableRow>
            </TableHead>
            <TableBody>{children}</TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
}

export interface RowAction {
  /** The tooltip. */
  title: string;
  /** The button's name (says which row). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/** A row's icon buttons, right-aligned, each with its tooltip. */
export function ActionsCell({ actions }: { actions: RowAction[] }) {
  return (
    <TableCell align="right" sx={stickyOnPhones}>
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        {actions.map((a) => (
          <Tooltip key={a.label} title={a.title}>
            <IconButton aria-label={a.label} onClick={a.onClick}>
              {a.icon}
            </IconButton>
          </Tooltip>
        ))}
      </Stack>
    </TableCell>
  );
}
