import { supervisorEndpoints } from '@borlette/shared/contracts/supervisors';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IdSelect } from '../../../components/filters';
import { call } from '../../../lib/api-client';
import { can } from '../../../lib/authorization';
import { REPORTS_KEY } from '../../../lib/query-keys';
import { useUser } from '../../../lib/session/use-session';
import { type ReportParams, useSalesReport } from '../api/reports';

/**
 * The supervisors to choose from for « vendeurs d'un superviseur »: the company's list for a user who
 * may read it (view_supervisor), otherwise the rows of the per-supervisor report of the period (the
 * report's own permission is enough to read them).
 */
export function useSupervisorOptions(params: ReportParams, enabled: boolean) {
  const user = useUser();
  const canList = enabled && can(user, supervisorEndpoints.list);
  const list = useQuery({
    queryKey: [...REPORTS_KEY, 'supervisor-options'],
    queryFn: async ({ signal }) =>
      (await call(supervisorEndpoints.list, { page_size: 100, sort: 'name' }, { signal })).results.map((s) => ({
        id: s.id,
        name: `${s.first_name} ${s.last_name}`.trim() || s.username,
      })),
    enabled: canList,
    staleTime: 60_000,
  });
  const report = useSalesReport('supervisors', params, enabled && (!canList || list.isError));
  const fromReport = report.data?.rows.flatMap((r) =>
    typeof r.key === 'number' ? [{ id: r.key, name: r.label }] : [],
  );
  return canList && !list.isError ? list.data : fromReport;
}

export function SupervisorSelect({
  value,
  params,
  onChange,
}: {
  value: string;
  params: ReportParams;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('reports');
  const options = useSupervisorOptions(params, true);
  return (
    <IdSelect
      label={t('filters.supervisor')}
      allLabel={t('filters.chooseSupervisor')}
      value={value}
      options={options ?? []}
      onChange={onChange}
    />
  );
}
