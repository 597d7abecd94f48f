import { useTranslation } from 'react-i18next';
import { RecordBody } from '../../../components/record-body';
import { type CommissionTarget, useCommissionSetting } from '../api/commissions';
import { CommissionForm } from './commission-form';

/** Reads a level's rates, then its form (skeleton while loading, « Réessayer » on failure). */
export function LevelEditor({ target, canChange }: { target: CommissionTarget; canChange: boolean }) {
  const { t } = useTranslation('commissions');
  const setting = useCommissionSetting(target);
  return (
    <RecordBody query={setting} rowHeight={72} retryLabel={t('retry')} failedLabel={t('loadFailed')}>
      {(s) => <CommissionForm key={s.updated_at ?? 'none'} setting={s} target={target} canChange={canChange} />}
    </RecordBody>
  );
}
