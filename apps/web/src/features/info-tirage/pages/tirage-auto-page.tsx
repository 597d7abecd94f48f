import type { TirageAutoAnswer, TirageAutoInput } from '@borlette/shared/contracts/info-tirage';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { useDrawSources } from '../../../lib/options';
import { useUser } from '../../../lib/session/use-session';
import { outcomeCounts, usePublishResult } from '../api/tirage-auto';
import { AutoOutcome } from '../components/auto-outcome';
import { AutoPublishForm } from '../components/auto-publish-form';
import { AutoResultsTable } from '../components/auto-results-table';
import { todayIn } from '../components/period';

/**
 * /dashboard/tirage/automatique (superuser, add_tirage_auto): publish the result of an official
 * session once; every company draw following it gets it and is settled. Below, what was published.
 */
export default function TirageAutoPage() {
  const { t } = useTranslation(['infoTirage', 'tirages', 'nav', 'components']);
  const user = useUser();
  const { enqueueSnackbar } = useSnackbar();
  const sources = useDrawSources();
  const publish = usePublishResult();
  const [last, setLast] = useState<{ input: TirageAutoInput; answer: TirageAutoAnswer } | null>(null);
  const timeZone = user.company?.timezone ?? DEFAULT_TIME_ZONE;

  const send = async (input: TirageAutoInput) => {
    const answer = await publish.mutateAsync(input);
    setLast({ input, answer });
    const refused = outcomeCounts(answer).refused;
    if (refused > 0) enqueueSnackbar(t('auto.toastRefused', { count: refused }), { variant: 'warning' });
    else enqueueSnackbar(t('auto.toastDone', { count: answer.companies.length }), { variant: 'success' });
  };

  const confirmPaid = async () => {
    if (!last) return;
    try {
      await send({ ...last.input, confirm: true });
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t('components:toast.failed')), { variant: 'error' });
    }
  };

  return (
    <>
      <PageHeader
        title={t('nav:tirage_auto')}
        subtitle={t('auto.subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:tirage_auto') }]}
      />
      <AutoPublishForm
        sources={{
          list: sources.data ?? [],
          loading: sources.isPending,
          error: sources.isError ? errorMessage(sources.error, t('components:table.networkError')) : null,
        }}
        today={todayIn(timeZone)}
        onPublish={send}
      />
      {last ? (
        <AutoOutcome
          key={`${last.answer.result.id}-${last.answer.result.version}-${last.input.confirm ? 1 : 0}`}
          answer={last.answer}
          onConfirm={() => void confirmPaid()}
          confirming={publish.isPending}
        />
      ) : null}
      <AutoResultsTable sources={sources.data ?? []} timeZone={timeZone} />
    </>
  );
}
