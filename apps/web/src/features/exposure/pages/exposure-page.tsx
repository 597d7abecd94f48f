import { bouleBlockEndpoints } from '@borlette/shared/contracts/boules-block';
import { companySettingsEndpoints } from '@borlette/shared/contracts/company-settings';
import type { ExposureRow } from '@borlette/shared/contracts/exposure';
import { limitEndpoints } from '@borlette/shared/contracts/limits';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import WhatshotOutlined from '@mui/icons-material/WhatshotOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { SummaryCards } from '../../../components/summary-cards';
import { errorMessage, useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { useCan } from '../../../lib/authorization';
import { formatCount, formatMoney } from '../../../lib/format';
import { blockNumber, EXPOSURE_KEY, lowerLimit, saveThresholds, useExposureBoard } from '../api/exposure';
import { ExposureTable } from '../components/exposure-table';
import { LimitDialog } from '../components/limit-dialog';
import { ThresholdsDialog } from '../components/thresholds-dialog';

/**
 * /dashboard/exposure (view_exposure): « Centre de risque ». One draw's numbers by what they would
 * cost if drawn, coloured by the share of their limit used, kept live by the stream; the worst cases
 * beside the draw's sales; block a number or lower its limit from its row (confirmed; audited by the
 * blocking and limit endpoints they call).
 */
export default function ExposurePage() {
  const { t, i18n } = useTranslation('exposure');
  const [search, setSearch] = useSearchParams();
  const tirage = Number(search.get('tirage_id')) || undefined;
  const board = useExposureBoard({ tirage_id: tirage });
  const data = board.data;
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, data?.currency ?? 'HTG', i18n.language));
  const confirm = useConfirm();
  const canBlock = useCan(bouleBlockEndpoints.create);
  const canCreateLimit = useCan(limitEndpoints.boule.create);
  const canChangeLimit = useCan(limitEndpoints.boule.update);
  const canLimit = canCreateLimit && canChangeLimit;
  const [limitRow, setLimitRow] = useState<ExposureRow | null>(null);
  const canThresholds = useCan(companySettingsEndpoints.update);
  const [editThresholds, setEditThresholds] = useState(false);
  const drawName = data?.draws.find((d) => d.id === data.tirage_id)?.name ?? '';

  const block = useMutationWithToast({
    mutationFn: (row: ExposureRow) => blockNumber({ number: row.number, tirage_id: data?.tirage_id as number }),
    successMessage: (_, row) => t('blocked', { number: row.number, draw: drawName }),
    invalidate: [EXPOSURE_KEY],
  });
  const limit = useMutationWithToast({
    mutationFn: (v: { row: ExposureRow; max: number }) =>
      lowerLimit({ code: v.row.code, number: v.row.number, tirage_id: data?.tirage_id as number, max_amount: v.max }),
    successMessage: (_, v) => t('limited', { number: v.row.number, amount: money(v.max) }),
    invalidate: [EXPOSURE_KEY],
    onSuccess: () => setLimitRow(null),
  });

  const thresholds = useMutationWithToast({
    mutationFn: saveThresholds,
    successMessage: (_, v) => t('thresholdsSaved', v),
    toastErrors: false,
    invalidate: [EXPOSURE_KEY],
    onSuccess: () => {
      setEditThresholds(false);
      board.restart();
    },
  });

  const onBlock = async (row: ExposureRow) => {
    const ok = await confirm({
      title: t('confirmBlock.title', { number: row.number }),
      message: t('confirmBlock.text', { number: row.number, draw: drawName }),
      confirmText: t('actions.block'),
      danger: true,
    });
    if (ok) block.mutate(row);
  };

  const worst = (r: ExposureRow | null | undefined) => (r ? `${r.number} · ${money(r.payout)}` : '—');
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <Chip
            size="small"
            color={board.live === 'live' ? 'success' : board.live === 'closed' ? 'default' : 'warning'}
            label={t(`live.${board.live}`)}
            data-live={board.live}
          />
        }
      />
      <Card sx={{ p: 2, mb: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('draw')}
          value={data?.tirage_id ?? ''}
          onChange={(e) => setSearch({ tirage_id: String(e.target.value) }, { replace: true })}
          sx={{ minWidth: 240 }}
        >
          {(data?.draws ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {`${d.name} · ${d.is_open ? t('open') : t('closed')} · ${money(d.sales)}`}
            </MenuItem>
          ))}
        </TextField>
        {data ? (
          <Typography variant="body2" color="text.secondary">
            {t('thresholds', { warn: data.thresholds.warn, hot: data.thresholds.hot })}
          </Typography>
        ) : null}
        {data && canThresholds ? (
          <Button
            size="small"
            onClick={() => {
              thresholds.reset();
              setEditThresholds(true);
            }}
          >
            {t('thresholdsDialog.open')}
          </Button>
        ) : null}
      </Card>
      {board.isError && !data ? <Alert severity="error">{(board.error as Error).message}</Alert> : null}
      <SummaryCards
        label={t('figures')}
        loading={board.isPending}
        items={[
          {
            key: 'sales',
            label: t('cards.sales'),
            value: data ? money(data.sales) : null,
            icon: <PointOfSaleOutlined />,
            tone: 'info',
            caption: data
              ? t('cards.numbers', { count: data.numbers, n: formatCount(data.numbers, i18n.language) })
              : undefined,
          },
          {
            key: 'worst',
            label: t('cards.worst'),
            value: data ? worst(data.worst) : null,
            icon: <WhatshotOutlined />,
            tone: 'error',
          },
          {
            key: 'pair',
            label: t('cards.worstPair'),
            value: data ? worst(data.worst_pair) : null,
            icon: <WarningAmberOutlined />,
            tone: 'warning',
          },
          {
            key: 'hot',
            label: t('cards.hot'),
            value: data ? formatCount(data.hot_count, i18n.language) : null,
            icon: <LocalFireDepartmentOutlined />,
            tone: 'secondary',
            caption: data?.blocked.length ? t('cards.blocked', { list: data.blocked.join(', ') }) : undefined,
          },
        ]}
      />
      <Card>
        <Box sx={{ p: 2, pb: 0 }}>
          <Typography variant="h6">{t('tableTitle', { draw: drawName })}</Typography>
        </Box>
        <ExposureTable
          rows={data?.rows ?? []}
          money={money}
          actions={{
            onBlock: canBlock && data?.tirage_id ? onBlock : undefined,
            onLimit: canLimit && data?.tirage_id ? setLimitRow : undefined,
          }}
        />
      </Card>
      {limitRow ? (
        <LimitDialog
          row={limitRow}
          drawName={drawName}
          money={money}
          busy={limit.isPending}
          onClose={() => setLimitRow(null)}
          onSave={(max) => limit.mutate({ row: limitRow, max })}
        />
      ) : null}
      {editThresholds && data ? (
        <ThresholdsDialog
          current={data.thresholds}
          busy={thresholds.isPending}
          error={thresholds.error ? errorMessage(thresholds.error, t('thresholdsDialog.failed')) : null}
          onClose={() => setEditThresholds(false)}
          onSave={(v) => thresholds.mutate(v)}
        />
      ) : null}
    </>
  );
}
