import { type Company, companyInput, companyUpdate } from '@borlette/shared/contracts/companies';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  FormPage,
  parseRouteId,
  RHFImageUpload,
  RHFSelect,
  RHFTextField,
  recordBlock,
  toFormData,
} from '../../../components/form';
import { RHFCurrencyField, RHFTimeZoneField } from '../../../components/zone-currency-fields';
import { paths } from '../../../config/paths';
import { useCountryCities, useCountryOptions } from '../../../lib/options';
import { useUser } from '../../../lib/session/use-session';
import { useCompany, useSaveCompany } from '../api/companies';
import { mayActOnCompanyAdmin } from '../lib/admin-rule';

const logo = z.union([z.instanceof(File), z.string(), z.null()]).optional();
/** Creation: the company and its admin account (with its password). */
const createSchema = companyInput.extend({ logo });
/** Edition: no password (a separate action sets it). */
const editSchema = companyUpdate.omit({ id: true }).extend({ logo });
type FormInput = z.input<typeof createSchema>;
type FormOutput = z.output<typeof createSchema> | z.output<typeof editSchema>;

const FIELDS = [
  'name',
  'logo',
  'country_code',
  'city_id',
  'timezone',
  'currency',
  'phone',
  'email',
  'address',
  'admin_first_name',
  'admin_last_name',
  'admin_username',
  'admin_password',
] as const;

const EMPTY: FormInput = {
  name: '',
  logo: null,
  country_code: '',
  city_id: null,
  timezone: '',
  currency: '',
  phone: '',
  email: '',
  address: '',
  admin_first_name: '',
  admin_last_name: '',
  admin_username: '',
  admin_password: '',
};

function toValues(c: Company): FormInput {
  return {
    name: c.name,
    logo: c.logo,
    country_code: c.country_code,
    city_id: c.city_id,
    timezone: c.timezone,
    currency: c.currency,
    phone: c.phone ?? '',
    email: c.email ?? '',
    address: c.address ?? '',
    admin_first_name: c.admin_first_name ?? '',
    admin_last_name: c.admin_last_name ?? '',
    admin_username: c.admin_username ?? '',
    admin_password: '',
  };
}

/** /dashboard/company/new and /dashboard/company/:companyId/edit. */
export default function CompanyFormPage() {
  const { companyId } = useParams();
  return <CompanyForm key={companyId ?? 'new'} companyId={companyId} />;
}

function CompanyForm({ companyId }: { companyId: string | undefined }) {
  const { t } = useTranslation(['companies', 'nav']);
  const navigate = useNavigate();
  const user = useUser();
  const editing = companyId !== undefined;
  const id = parseRouteId(companyId);
  const record = useCompany(editing ? id : null);
  const countries = useCountryOptions();
  const save = useSaveCompany(editing);
  const [showPassword, setShowPassword] = useState(false);

  const methods = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(editing ? editSchema : createSchema) as never,
    // A new company starts in the country chosen in the top bar.
    defaultValues: { ...EMPTY, country_code: editing ? '' : (user.select_country_code ?? '') },
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const countryCode = useWatch({ control: methods.control, name: 'country_code' });
  const cities = useCountryCities(countryCode || null);
  const hasAdmin = !editing || !!record.data?.admin_id;
  // Renaming the admin account is acting on it (the server refuses staff not holding what it holds).
  const adminLocked = editing && !mayActOnCompanyAdmin(user);

  // A new country brings its time zone and currency (unless they were changed by hand), and no city.
  const previousCountry = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!countryCode) return;
    const byCode = (code: string | undefined) => countries.data?.find((c) => c.name_code === code);
    const next = byCode(countryCode);
    if (!next) return; // the countries are loading: done when they arrive
    const previous = previousCountry.current;
    if (previous === countryCode) return;
    previousCountry.current = countryCode;
    const before = previous ? byCode(previous) : undefined;
    const { getValues, setValue } = methods;
    const opts = { shouldDirty: true, shouldValidate: true };
    if (!getValues('timezone') || (before && getValues('timezone') === before.timezone))
      setValue('timezone', next.timezone, opts);
    if (!getValues('currency') || (before && getValues('currency') === before.currency))
      setValue('currency', next.currency, opts);
    // The record's own country arriving is not a change of country.
    if (previous) setValue('city_id', null, { shouldDirty: true });
  }, [countryCode, countries.data, methods]);

  const list = paths.dashboard.company.list;
  const title = t(editing ? 'nav:companies_edit' : 'nav:companies_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:companies'), to: list },
    { label: editing ? (record.data?.name ?? title) : t('nav:companies_new') },
  ];

  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async (values: FormOutput) => {
    const body: Record<string, unknown> = { ...values };
    if (editing) {
      delete body.admin_password;
      if (!hasAdmin) {
        delete body.admin_first_name;
        delete body.admin_last_name;
        delete body.admin_username;
      }
    }
    await save.mutateAsync(toFormData(editing && id !== null ? { ...body, id } : body));
    navigate(list);
  };

  const toggle = (
    <InputAdornment position="end">
      <IconButton
        onClick={() => setShowPassword((s) => !s)}
        edge="end"
        aria-label={t(showPassword ? 'fields.hidePassword' : 'fields.showPassword')}
      >
        {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );

  const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  return (
    <FormPage
      title={title}
      breadcrumbs={breadcrumbs}
      methods={methods}
      onSubmit={onSubmit}
      cancelTo={list}
      loading={(editing && record.isPending) || countries.isPending}
      blocked={blocked}
      submitText={editing ? undefined : t('create')}
      fieldNames={FIELDS}
    >
      {record.data ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('refCode')}{' '}
          <Box component="strong" sx={{ fontFamily: 'monospace', letterSpacing: 1, color: 'text.primary' }}>
            {record.data.ref_code}
          </Box>
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <RHFImageUpload<FormInput> name="logo" label={t('fields.logo')} width={128} />
        <Box sx={{ flex: '1 1 280px', display: 'flex', flexDirection: 'column', gap: 3 }}>
          <RHFTextField<FormInput>
            name="name"
            label={t('fields.name')}
            required
            autoFocus={!editing}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <RHFSelect<FormInput>
            name="country_code"
            label={t('fields.country')}
            required
            options={(countries.data ?? []).map((c) => ({ value: c.name_code, label: `${c.name} (${c.name_code})` }))}
          />
        </Box>
      </Box>
      <Box sx={grid}>
        <RHFSelect<FormInput>
          name="city_id"
          label={t('fields.city')}
          emptyLabel={t('fields.noCity')}
          disabled={!countryCode || !cities.data}
          options={(cities.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <RHFTextField<FormInput>
          name="phone"
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+509 3700 0000"
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <RHFTimeZoneField<FormInput>
          name="timezone"
          label={t('fields.timezone')}
          required
          helperText={t('fields.fromCountry')}
        />
        <RHFCurrencyField<FormInput>
          name="currency"
          label={t('fields.currency')}
          required
          helperText={t('fields.fromCountry')}
        />
        <RHFTextField<FormInput>
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <RHFTextField<FormInput>
          name="address"
          label={t('fields.address')}
          autoComplete="street-address"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Box>
        <Typography variant="subtitle1" component="h2">
          {t('admin.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(adminLocked ? 'admin.locked' : editing ? 'admin.editText' : 'admin.createText')}
        </Typography>
      </Box>
      {hasAdmin ? (
        <Box sx={grid}>
          <RHFTextField<FormInput>
            name="admin_first_name"
            disabled={adminLocked}
            label={t('fields.adminFirstName')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <RHFTextField<FormInput>
            name="admin_last_name"
            disabled={adminLocked}
            label={t('fields.adminLastName')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <RHFTextField<FormInput>
            name="admin_username"
            disabled={adminLocked}
            label={t('fields.adminUsername')}
            required
            autoComplete="off"
            helperText={t('fields.usernameHelp')}
            slotProps={{ htmlInput: { maxLength: 150, autoCapitalize: 'none', spellCheck: false } }}
          />
          {editing ? null : (
            <RHFTextField<FormInput>
              name="admin_password"
              label={t('fields.adminPassword')}
              required
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              helperText={t('fields.passwordHelp')}
              slotProps={{ input: { endAdornment: toggle }, htmlInput: { maxLength: 128 } }}
            />
          )}
        </Box>
      ) : (
        <Alert severity="warning">{t('admin.none')}</Alert>
      )}
    </FormPage>
  );
}
