import { type ContactMessage, contactEndpoints } from '@borlette/shared/contracts/contact';
import DoneIcon from '@mui/icons-material/Done';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableFilter, type RowAction } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { CONTACTS_KEY, useMarkHandled } from '../api/contacts';
import { contactColumns } from '../components/contact-columns';
import { ContactDialog } from '../components/contact-dialog';

const handledFilter: DataTableFilter = {
  key: 'handled',
  label: 'contacts:filters.handled',
  allLabel: 'contacts:filters.all',
  options: [
    { value: 'false', label: 'contacts:status.open' },
    { value: 'true', label: 'contacts:status.handled' },
  ],
};

/** /dashboard/contacts: the messages of the public contact form, newest first (issue 16). */
export default function ContactInboxPage() {
  const { t } = useTranslation(['contacts', 'nav']);
  const mark = useMarkHandled();
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const canChange = useCan(contactEndpoints.handled);

  const toggle = (m: ContactMessage) =>
    mark.mutate({ id: m.id, handled: !m.handled }, { onSuccess: (updated) => setOpen((o) => (o ? updated : o)) });

  const rowActions = (m: ContactMessage): RowAction[] => [
    m.handled
      ? {
          key: 'unhandle',
          label: 'contacts:actions.unhandle',
          icon: <MarkEmailUnreadOutlinedIcon fontSize="small" />,
          onClick: () => toggle(m),
          disabled: mark.isPending,
        }
      : {
          key: 'handle',
          label: 'contacts:actions.handle',
          icon: <DoneIcon fontSize="small" />,
          onClick: () => toggle(m),
          disabled: mark.isPending,
        },
  ];

  return (
    <>
      <PageHeader
        title={t('nav:contacts')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: t('nav:contacts') }]}
      />
      <DataTable<ContactMessage>
        queryKey={CONTACTS_KEY}
        endpoint={contactEndpoints.list}
        columns={contactColumns}
        rowKey={(m) => m.id}
        onRowClick={setOpen}
        rowActions={canChange ? rowActions : undefined}
        rowLabel={(m) => t('rowActions', { name: m.name })}
        filters={[handledFilter]}
        searchPlaceholder="contacts:search"
        defaultSort="created_at"
        defaultOrder="desc"
        csv
        csvFilename="messages-contact.csv"
        ariaLabel={t('nav:contacts')}
        empty={{ title: t('empty.title'), text: t('empty.text') }}
      />
      <ContactDialog
        message={open}
        canChange={canChange}
        pending={mark.isPending}
        onClose={() => setOpen(null)}
        onToggle={toggle}
      />
    </>
  );
}
