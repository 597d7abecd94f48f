import { type CommissionRow, commissionEndpoints } from '@borlette/shared/contracts/commissions';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoicePicker } from '../../../components/choice-picker';
import { DataTable } from '../../../components/data-table';
import { type Choice, useAgentChoices, useSurcussaleChoices } from '../../../lib/choices';
import { listKey } from '../api/commissions';
import { commissionColumns } from './commission-columns';
import { LevelEditor } from './level-editor';

/**
 * A sub-branch's or agent's rates: pick the target (or one of the list of those with their own rates),
 * edit its five rates; the list below shows who has rates of their own.
 */
export function TargetSection({ level, canChange }: { level: 'surcussale' | 'agent'; canChange: boolean }) {
  const { t } = useTranslation('commissions');
  const [picked, setPicked] = useState<Choice | null>(null);
  // Remounts the picker with the row chosen from the list as its value.
  const [pickerKey, setPickerKey] = useState(0);
  const methods = useForm<{ target: number | null }>({ defaultValues: { target: null } });

  const open = (r: CommissionRow) => {
    setPicked({ id: r.target_id, name: r.target_name });
    methods.reset({ target: r.target_id });
    setPickerKey((k) => k + 1);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <FormProvider {...methods}>
        <Box sx={{ maxWidth: 480 }}>
          <ChoicePicker<{ target: number | null }>
            key={pickerKey}
            name="target"
            label={t(`target.${level}`)}
            placeholder={t(`targetPlaceholder.${level}`)}
            helperText={t(`targetHelp.${level}`)}
            useChoices={level === 'agent' ? useAgentChoices : useSurcussaleChoices}
            initial={picked}
            onPick={setPicked}
          />
        </Box>
      </FormProvider>
      {picked ? (
        <LevelEditor key={`${level}-${picked.id}`} target={{ level, targetId: picked.id }} canChange={canChange} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`pickFirst.${level}`)}
        </Typography>
      )}
      <Typography variant="h6">{t(`listTitle.${level}`)}</Typography>
      <DataTable<CommissionRow>
        queryKey={listKey(level)}
        endpoint={commissionEndpoints.list}
        params={{ level }}
        paramPrefix={level}
        columns={commissionColumns}
        rowKey={(r) => r.id}
        rowActions={(r) => [
          {
            key: 'edit',
            label: 'commissions:edit',
            icon: <EditOutlinedIcon fontSize="small" />,
            onClick: () => open(r),
          },
        ]}
        onRowClick={open}
        rowLabel={(r) => t('rowActions', { name: r.target_name })}
        searchPlaceholder={`commissions:search.${level}`}
        defaultSort="target_name"
        csv
        csvFilename={`commissions-${level}.csv`}
        ariaLabel={t(`listTitle.${level}`)}
        empty={{ title: t(`empty.title.${level}`), text: t(`empty.text.${level}`) }}
      />
    </Box>
  );
}
