import { supervisorEndpoints } from '@borlette/shared/contracts/supervisors';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IdSelect } from '../../../components/filters';
import { call } from '../../../lib/api-client';
import { can } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { COLLECTIONS_KEY } from '../api/collections';

/**
 * The collections of one supervisor's agents (the list's supervisor_id). Offered to a company user who
 * may read the supervisors (view_supervisor); a supervisor sees its own agents already, so it has none.
 */
export function SupervisorFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('collections');
  const user = useUser();
  const enabled = user.role !== 'supervisor' && !!user.company && can(user, supervisorEndpoints.list);
  const list = useQuery({
    queryKey: [...COLLECTIONS_KEY, 'supervisor-options'],
    queryFn: async ({ signal }) =>
      (await call(supervisorEndpoints.list, { page_size: 100, sort: 'name' }, { signal })).results.map((s) => ({
        id: s.id,
        name: `${s.first_name} ${s.last_name}`.trim() || s.username,
      })),
    enabled,
    staleTime: 60_000,
  });
  if (!enabled || list.isError) return null;
  return (
    <IdSelect
      label={t('filters.supervisor')}
      allLabel={t('filters.allSupervisors')}
      value={value}
      options={list.data ?? []}
      onChange={onChange}
    />
  );
}
