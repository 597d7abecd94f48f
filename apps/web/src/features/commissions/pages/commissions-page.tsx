import { commissionEndpoints } from '@borlette/shared/contracts/commissions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { companyChosen, useCan } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { LevelEditor } from '../components/level-editor';
import { TargetSection } from '../components/target-section';

type Level = 'company' | 'surcussale' | 'agent';

/**
 * /dashboard/tirage/commissions: the agents' commission per game at company, sub-branch and agent
 * level (the most specific wins; a game without a rate keeps the agent's single rate). The company
 * level needs the general primes' codenames, the others the agents' primes' (like the primes' pages).
 */
export default function CommissionsPage() {
  const { t } = useTranslation(['commissions', 'nav']);
  const user = useUser();
  const viewCompany = useCan(commissionEndpoints.get, 'view_tauxtirage');
  const changeCompany = useCan(commissionEndpoints.update, 'change_tauxtirage');
  const changeTargets = useCan(commissionEndpoints.update, 'change_agenttauxtirage');
  const levels: Level[] = viewCompany ? ['company', 'surcussale', 'agent'] : ['surcussale', 'agent'];
  const [level, setLevel] = useState<Level>(levels[0]);

  return (
    <>
      <PageHeader
        title={t('nav:commissions')}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:commissions') }]}
      />
      {companyChosen(user) ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Alert severity="info">{t('precedence')}</Alert>
          <Tabs value={level} onChange={(_, v: Level) => setLevel(v)} variant="scrollable" aria-label={t('levels')}>
            {levels.map((l) => (
              <Tab key={l} value={l} label={t(`level.${l}`)} />
            ))}
          </Tabs>
          {level === 'company' ? (
            <LevelEditor target={{ level: 'company', targetId: null }} canChange={changeCompany} />
          ) : (
            <TargetSection key={level} level={level} canChange={changeTargets} />
          )}
        </Box>
      ) : (
        <Alert severity="info">{t('companyRequired')}</Alert>
      )}
    </>
  );
}
