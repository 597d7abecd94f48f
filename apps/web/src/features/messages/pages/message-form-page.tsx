import type { Message } from '@borlette/shared/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage, parseRouteId, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { DEFAULT_TIME_ZONE, toZonedWallClock } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { useMessage, useMessageChoices, useSaveMessage } from '../api/messages';
import { MessageFormFields } from '../components/message-form-fields';
import {
  type MessageFormInput,
  type MessageFormValues,
  messageFormData,
  messageFormSchema,
} from '../components/message-form-schema';

const FIELDS = ['title', 'text', 'image', 'audience', 'surcussale_id', 'agents', 'starts_at', 'ends_at', 'status'];

/** Now on the company's wall clock, as a datetime-local value. */
function nowLocal(timeZone: string): string {
  return format(toZonedWallClock(new Date(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

function toValues(m: Message): MessageFormInput {
  return {
    title: m.title,
    text: m.text,
    image: m.image,
    audience: m.audience,
    surcussale_id: m.surcussale_id,
    agents: m.agents.map((a) => a.id),
    starts_at: m.starts_at_local,
    ends_at: m.ends_at_local ?? '',
    status: m.status,
  };
}

/** /dashboard/user/message-push/new and /:messageId/edit. */
export default function MessageFormPage() {
  const { messageId } = useParams();
  return <MessageForm key={messageId ?? 'new'} messageId={messageId} />;
}

function MessageForm({ messageId }: { messageId: string | undefined }) {
  const { t } = useTranslation(['messages', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const editing = messageId !== undefined;
  const id = parseRouteId(messageId);
  const timeZone = user.company?.timezone ?? DEFAULT_TIME_ZONE;

  const record = useMessage(editing ? id : null);
  const choices = useMessageChoices();
  const save = useSaveMessage(editing);

  const empty = useMemo<MessageFormInput>(
    () => ({
      title: '',
      text: '',
      image: null,
      // A supervisor may not write to every agent: its first choice is one of its sub-branches.
      audience: user.role === 'supervisor' ? 'surcussale' : 'all',
      surcussale_id: null,
      agents: [],
      starts_at: nowLocal(timeZone),
      ends_at: '',
      status: 'active',
    }),
    [timeZone, user.role],
  );
  const methods = useForm<MessageFormInput, unknown, MessageFormValues>({
    resolver: zodResolver(messageFormSchema),
    defaultValues: empty,
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = paths.dashboard.user.messages;
  const title = t(editing ? 'nav:messages_edit' : 'nav:messages_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:messages'), to: list },
    { label: editing ? (record.data?.title ?? title) : t('nav:messages_new') },
  ];
  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async (values: MessageFormValues) => {
    await save.mutateAsync(
      messageFormData(values, { id: editing && id ? id : undefined, hadImage: !!record.data?.image }),
    );
    navigate(list);
  };

  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      onSubmit={onSubmit}
      cancelTo={list}
      loading={editing && record.isPending}
      blocked={blocked}
      fieldNames={FIELDS}
      submitText={editing ? undefined : t('create')}
    >
      <MessageFormFields
        choices={choices.isError ? null : choices.data}
        timeZone={timeZone}
        scoped={user.role === 'supervisor'}
      />
    </FormPage>
  );
}
