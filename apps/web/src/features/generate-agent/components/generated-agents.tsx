import type { GeneratedAgent } from '@borlette/shared/contracts/generate-agent';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { CardList, type CardListColumn, RowCard } from '../../../components/data-table/row-cards';

const code = { fontFamily: 'monospace', fontSize: 15 } as const;

/**
 * The agents just created with their one-time passwords: a table, or on a phone one card per agent
 * (name as title, login and password under their labels: every column in view, none scrolled away).
 */
export function GeneratedAgents({ agents, label }: { agents: GeneratedAgent[]; label: string }) {
  const { t } = useTranslation(['generateAgent', 'agents']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const columns: CardListColumn<GeneratedAgent>[] = [
    { id: 'name', label: t('columns.name'), render: (a) => `${a.first_name} ${a.last_name}` },
    {
      id: 'username',
      label: t('columns.username'),
      render: (a) => (
        <Box component="span" sx={code}>
          {a.username}
        </Box>
      ),
    },
    {
      id: 'password',
      label: t('columns.password'),
      render: (a) => (
        <Box component="span" sx={{ ...code, fontWeight: 700, letterSpacing: '0.05em', whiteSpace: 'nowrap' }}>
          {a.password}
        </Box>
      ),
    },
    { id: 'surcussale', label: t('agents:fields.surcussale'), render: (a) => a.surcussale_name },
  ];
  return (
    <Card>
      {phone ? (
        <CardList label={label}>
          {agents.map((a) => (
            <RowCard key={a.id} row={a} columns={columns} fieldWidth={120} />
          ))}
        </CardList>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.id}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {agents.map((a) => (
                <TableRow key={a.id} hover>
                  {columns.map((c) => (
                    <TableCell key={c.id} sx={c.id === 'name' ? { whiteSpace: 'nowrap' } : undefined}>
                      {c.render(a)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
