import type { RULE_GAMES } from '@borlette/shared/contracts/risk-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTirageChoices } from '../../../lib/choices';
import { formatMoney } from '../../../lib/format';
import { useRiskPreview } from '../api/risk-rules';

const gameOf = (code: number) =>
  code === 20 ? 'bolet' : code === 40 ? 'mariage' : code === 30 ? 'loto3' : code < 50 ? 'loto4' : 'loto5';

/** What the saved rules change today on the chosen draw, as the sale computes it (same SQL function). */
export function RulesPreview() {
  const { t, i18n } = useTranslation('riskRules');
  const tirages = useTirageChoices();
  const [tirageId, setTirageId] = useState<number | null>(null);
  const preview = useRiskPreview(tirageId);
  const p = preview.data;
  const money = (v: number | string) => formatMoney(v, p?.currency, i18n.language);
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('preview.title')}
        </Typography>
        <TextField
          select
          label={t('preview.tirage')}
          value={tirageId ?? ''}
          onChange={(e) => setTirageId(Number(e.target.value) || null)}
          sx={{ maxWidth: 360 }}
        >
          {(tirages.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {preview.isError ? <Alert severity="error">{preview.error.message}</Alert> : null}
        {p ? (
          <>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2">
                {t('preview.sales', { amount: money(p.draw_sales), date: p.draw_date })}
              </Typography>
              {p.late ? <Chip color="warning" size="small" label={t('preview.late')} /> : null}
            </Box>
            {p.rows.length === 0 ? (
              <Alert severity="info">{t('preview.none')}</Alert>
            ) : (
              <Table size="small" aria-label={t('preview.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('preview.game')}</TableCell>
                    <TableCell>{t('preview.number')}</TableCell>
                    <TableCell>{t('preview.rule')}</TableCell>
                    <TableCell align="right">{t('preview.limit')}</TableCell>
                    <TableCell align="right">{t('preview.sold')}</TableCell>
                    <TableCell align="right">{t('preview.remaining')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {p.rows.map((r) => (
                    <TableRow key={`${r.code}-${r.number}`}>
                      <TableCell>{t(`games.${gameOf(r.code) as (typeof RULE_GAMES)[number]}`)}</TableCell>
                      <TableCell>{r.number}</TableCell>
                      <TableCell>{t(`kinds.${r.rule}`)}</TableCell>
                      <TableCell align="right">{r.blocked ? t('preview.blocked') : money(r.limit)}</TableCell>
                      <TableCell align="right">{money(r.sold)}</TableCell>
                      <TableCell align="right">{money(r.remaining)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
