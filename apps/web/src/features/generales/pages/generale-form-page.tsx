import { type Generale, generaleInput, generaleUpdate } from '@borlette/shared/contracts/generales';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormPage, parseRouteId, RHFTextField, recordBlock } from '../../../components/form';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/session/use-session';
import { useCreateGenerale, useGenerale, useUpdateGenerale } from '../api/generales';
import { PermissionPicker } from '../components/permission-picker';

const editSchema = generaleUpdate.omit({ id: true });
type FormInput = z.input<typeof generaleInput>;
type FormOutput = z.output<typeof generaleInput> | z.output<typeof editSchema>;

const FIELDS = ['first_name', 'last_name', 'username', 'password', 'phone', 'email', 'permissions'] as const;
const EMPTY: FormInput = {
  first_name: '',
  last_name: '',
  username: '',
  password: '',
  phone: '',
  email: '',
  permissions: [],
};

function toValues(g: Generale): FormInput {
  return {
    first_name: g.first_name,
    last_name: g.last_name,
    username: g.username,
    password: '',
    phone: g.phone ?? '',
    email: g.email ?? '',
    permissions: g.permissions,
  };
}

/** /dashboard/generale/new and /dashboard/generale/:generaleId/edit. */
export default function GeneraleFormPage() {
  const { generaleId } = useParams();
  return <GeneraleForm key={generaleId ?? 'new'} generaleId={generaleId} />;
}

function GeneraleForm({ generaleId }: { generaleId: string | undefined }) {
  const { t } = useTranslation(['generales', 'nav']);
  const user = useUser();
  const navigate = useNavigate();
  const editing = generaleId !== undefined;
  const id = parseRouteId(generaleId);
  const record = useGenerale(editing ? id : null);
  const create = useCreateGenerale();
  const update = useUpdateGenerale();
  const [showPassword, setShowPassword] = useState(false);
  const grantable = useMemo(() => new Set(user.perms.map((p) => p.codename)), [user.perms]);

  const methods = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(editing ? editSchema : generaleInput) as never,
    defaultValues: EMPTY,
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });

  const list = paths.dashboard.generale.list;
  const title = t(editing ? 'nav:generales_edit' : 'nav:generales_new');
  const recordName = record.data ? `${record.data.first_name} ${record.data.last_name}`.trim() : undefined;
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:generales'), to: list },
    { label: editing ? recordName || title : t('nav:generales_new') },
  ];

  // The server refuses changes to an archived account or to one holding more than the editor.
  const untouchable =
    record.data &&
    (record.data.status === 'archived'
      ? t('archived')
      : record.data.permissions.some((c) => !grantable.has(c))
        ? t('holdsMore')
        : null);
  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
    refusal: untouchable ? { severity: 'warning', text: untouchable } : null,
  });

  const onSubmit = async (values: FormOutput) => {
    if (editing && id !== null) {
      const { password: _password, ...rest } = values as FormOutput & { password?: string };
      await update.mutateAsync({ ...rest, id });
    } else await create.mutateAsync(values as z.output<typeof generaleInput>);
    navigate(list);
  };

  const toggle = (
    <InputAdornment position="end">
      <IconButton
        onClick={() => setShowPassword((s) => !s)}
        edge="end"
        aria-label={t(showPassword ? 'password.hide' : 'password.show')}
      >
        {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      onSubmit={onSubmit}
      cancelTo={list}
      loading={editing && record.isPending}
      blocked={blocked}
      submitText={editing ? undefined : t('create')}
      fieldNames={FIELDS}
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <RHFTextField<FormInput>
          name="first_name"
          label={t('fields.firstName')}
          required
          autoFocus={!editing}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <RHFTextField<FormInput>
          name="last_name"
          label={t('fields.lastName')}
          required
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <RHFTextField<FormInput>
          name="username"
          label={t('fields.username')}
          required
          autoComplete="off"
          helperText={t('fields.usernameHelp')}
          slotProps={{ htmlInput: { maxLength: 150, autoCapitalize: 'none', spellCheck: false } }}
        />
        {editing ? null : (
          <RHFTextField<FormInput>
            name="password"
            label={t('fields.password')}
            required
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            helperText={t('fields.passwordHelp')}
            slotProps={{ input: { endAdornment: toggle }, htmlInput: { maxLength: 128 } }}
          />
        )}
        <RHFTextField<FormInput>
          name="phone"
          label={t('fields.phone')}
          type="tel"
          autoComplete="off"
          placeholder="+509 3700 0000"
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <RHFTextField<FormInput>
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Box>
        <Typography variant="subtitle1" component="h2">
          {t('permissions.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('permissions.text')}
        </Typography>
      </Box>
      <PermissionPicker<FormInput> name="permissions" grantable={grantable} />
    </FormPage>
  );
}
