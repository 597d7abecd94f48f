import { type PrimeGeneral, primeEndpoints } from '@borlette/shared/contracts/primes';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RecordBody } from '../../../components/record-body';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { fDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { usePrimeGeneral } from '../api/primes';
import { GeneralPrimeFields } from '../components/general-prime-fields';
import { useGeneralForm } from '../components/use-general-form';

function GeneralForm({ prime, canChange, currency }: { prime: PrimeGeneral; canChange: boolean; currency: string }) {
  const { t, i18n } = useTranslation(['primes', 'components']);
  const user = useUser();
  const { methods, submit, formError, clearError } = useGeneralForm(prime);
  const { isDirty, isSubmitting } = methods.formState;
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 960 }}>
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
            {canChange ? null : <Alert severity="info">{t('general.readOnly')}</Alert>}
            {formError ? (
              <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} onClose={clearError}>
                {formError}
              </Alert>
            ) : null}
            <GeneralPrimeFields currency={currency} disabled={!canChange} />
          </CardContent>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <Box
            sx={{
              p: 3,
              display: 'flex',
              gap: 1.5,
              alignItems: 'center',
              flexWrap: 'wrap',
              '& > button': { flex: { xs: '1 1 auto', sm: '0 0 auto' } },
            }}
          >
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary', flexGrow: 1, flexBasis: { xs: '100%', sm: 0 } }}
            >
              {t('general.updatedAt', {
                date: fDateTime(prime.updated_at, { timeZone: user.company?.timezone, language: i18n.language }),
              })}
            </Typography>
            {canChange ? (
              <>
                <Button
                  variant="outlined"
                  color="inherit"
                  disabled={!isDirty || isSubmitting}
                  onClick={() => methods.reset()}
                >
                  {t('general.discard')}
                </Button>
                <Button type="submit" variant="contained" loading={isSubmitting}>
                  {t('components:form.save')}
                </Button>
              </>
            ) : null}
          </Box>
        </Card>
      </Box>
    </FormProvider>
  );
}

/**
 * /dashboard/tirage/configuration/generale: the company's payout multipliers and payout settings (on
 * « Toutes » the router's ScreenGate asks the superuser for a company first, lib/company-required.ts).
 */
export default function PrimeGeneralePage() {
  const { t } = useTranslation(['primes', 'nav']);
  const user = useUser();
  const superuser = user.role === 'superuser';
  const canChange = useCan(primeEndpoints.updateGeneral);
  const general = usePrimeGeneral();
  const currency = user.company?.currency ?? 'HTG';

  return (
    <>
      <PageHeader
        title={t('nav:prime_generale')}
        subtitle={t('general.subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:prime_generale') }]}
        action={
          superuser ? (
            <Button
              component={RouterLink}
              to={paths.dashboard.tirage.primeGeneraleList}
              variant="outlined"
              color="inherit"
              startIcon={<ListAltOutlinedIcon />}
            >
              {t('general.allCompanies')}
            </Button>
          ) : null
        }
      />
      <RecordBody query={general} rowHeight={88} retryLabel={t('retry')} failedLabel={t('loadFailed')}>
        {(prime) => <GeneralForm key={prime.company_id} prime={prime} canChange={canChange} currency={currency} />}
      </RecordBody>
    </>
  );
}
