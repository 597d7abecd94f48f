import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { DEFAULT_TIME_ZONE, fBusinessDay } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { INFO_TIRAGE_PATHS, useInfoTirage } from '../api/info-tirage';
import { InfoCreateForm } from '../components/info-create-form';
import { InfoEditForm } from '../components/info-edit-form';

/** /dashboard/tirage/infotirage/new (enter a result) and /:infoTirageId/edit (correct it). */
export default function InfoTirageFormPage() {
  const { infoTirageId } = useParams();
  return <InfoTirageFormScreen key={infoTirageId ?? 'new'} infoTirageId={infoTirageId} />;
}

function InfoTirageFormScreen({ infoTirageId }: { infoTirageId: string | undefined }) {
  const { t, i18n } = useTranslation(['infoTirage', 'nav']);
  const user = useUser();
  const editing = infoTirageId !== undefined;
  const id = parseRouteId(infoTirageId);
  const record = useInfoTirage(editing ? id : null);
  const list = INFO_TIRAGE_PATHS.list;

  const title = t(editing ? 'editTitle' : 'newTitle');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('title'), to: list },
    {
      label:
        editing && record.data
          ? `${record.data.tirage_name} · ${fBusinessDay(record.data.draw_date, i18n.language)}`
          : title,
    },
  ];
  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  return editing ? (
    <InfoEditForm
      title={title}
      breadcrumbs={breadcrumbs}
      record={record.data}
      loading={record.isPending}
      blocked={blocked}
    />
  ) : (
    <InfoCreateForm
      title={title}
      breadcrumbs={breadcrumbs}
      timeZone={user.company?.timezone ?? DEFAULT_TIME_ZONE}
      blocked={blocked}
    />
  );
}
