import type { PrimeConf, PrimeType } from '@borlette/shared/contracts/primes';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ChoicePicker } from '../../../components/choice-picker';
import { TirageSelect } from '../../../components/tirage-select';
import { useAgentChoices, useSurcussaleChoices } from '../../../lib/choices';
import type { PrimeConfInput } from './prime-schema';

/**
 * The draw, sub-branch or agent the primes are for. On edit the target is fixed (the API's update has
 * no target): the field is read-only.
 */
export function ConfTarget({ type, record }: { type: PrimeType; record?: PrimeConf }) {
  const { t } = useTranslation('primes');
  if (record) {
    return (
      <TextField
        label={t(`conf.target.${type}`)}
        value={record.target_name}
        disabled
        fullWidth
        helperText={t('conf.targetFixed')}
      />
    );
  }
  if (type === 'tirage')
    return (
      <TirageSelect<PrimeConfInput>
        name="target_id"
        allowAll={false}
        required
        label={t('conf.target.tirage')}
        helperText={t('conf.targetHelp.tirage')}
      />
    );
  return (
    <ChoicePicker<PrimeConfInput>
      name="target_id"
      label={t(`conf.target.${type}`)}
      placeholder={t(`conf.targetPlaceholder.${type}`)}
      helperText={t(`conf.targetHelp.${type}`)}
      useChoices={type === 'agent' ? useAgentChoices : useSurcussaleChoices}
      required
    />
  );
}
