import { type CountryDetail, countryEndpoints, countryInput, flagEmoji } from '@borlette/shared/contracts/countries';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  FormPage,
  parseRouteId,
  RHFImageUpload,
  RHFTextField,
  recordBlock,
  toFormData,
} from '../../../components/form';
import { RHFCurrencyField, RHFTimeZoneField } from '../../../components/zone-currency-fields';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { useCountry, useSaveCountry } from '../api/countries';
import { CitiesCard } from '../components/cities-card';

/** The contract's fields, plus the flag image (a new File, the current URL, or none). */
const schema = countryInput.extend({
  flag_image: z.union([z.instanceof(File), z.string(), z.null()]).optional(),
});
type FormInput = z.input<typeof schema>;
type FormOutput = z.output<typeof schema>;

const EMPTY: FormInput = { name_code: '', name: '', currency: '', timezone: '', flag: '', flag_image: null };

function toValues(c: CountryDetail): FormInput {
  const image = c.flag?.startsWith('/uploads/') ? c.flag : null;
  return {
    name_code: c.name_code,
    name: c.name,
    currency: c.currency,
    timezone: c.timezone,
    flag: image ? '' : (c.flag ?? ''),
    flag_image: image,
  };
}

/** /dashboard/user/pays/new and /dashboard/user/pays/:paysId/edit (with the country's cities). */
export default function CountryFormPage() {
  const { paysId } = useParams();
  return <CountryForm key={paysId ?? 'new'} paysId={paysId} />;
}

function CountryForm({ paysId }: { paysId: string | undefined }) {
  const { t } = useTranslation(['countries', 'nav']);
  const canChangeCities = useCan(countryEndpoints.addCity);
  const navigate = useNavigate();
  const editing = paysId !== undefined;
  const id = parseRouteId(paysId);
  const record = useCountry(editing ? id : null);
  const save = useSaveCountry(editing);

  const methods = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    values: record.data ? toValues(record.data) : undefined,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const code = useWatch({ control: methods.control, name: 'name_code' });
  const image = useWatch({ control: methods.control, name: 'flag_image' });

  const list = paths.dashboard.user.pays;
  const title = t(editing ? 'nav:pays_edit' : 'nav:pays_new');
  const breadcrumbs = [
    { label: t('nav:app'), to: paths.dashboard.app },
    { label: t('nav:pays'), to: list },
    { label: editing ? (record.data?.name ?? title) : t('nav:pays_new') },
  ];

  const blocked = recordBlock({
    editing,
    id,
    record,
    listPath: list,
    texts: { notFound: t('notFound'), backToList: t('backToList') },
  });

  const onSubmit = async ({ flag_image, flag, ...values }: FormOutput) => {
    // The flag: a new image file, the current image's URL (kept), or the emoji typed (default: the code's).
    const form = toFormData({
      ...values,
      ...(editing && id !== null ? { id } : {}),
      flag: flag_image ?? flag ?? undefined,
    });
    await save.mutateAsync(form);
    navigate(list);
  };

  const validCode = /^[A-Za-z]{2}$/.test(code ?? '');
  return (
    <>
      <FormPage
        title={title}
        breadcrumbs={breadcrumbs}
        methods={methods}
        onSubmit={onSubmit}
        cancelTo={list}
        loading={editing && record.isPending}
        blocked={blocked}
        submitText={editing ? undefined : t('create')}
        fieldNames={['name_code', 'name', 'currency', 'timezone', 'flag']}
      >
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <RHFTextField<FormInput>
            name="name_code"
            label={t('fields.code')}
            required
            autoFocus={!editing}
            helperText={t('fields.codeHelp')}
            onChange={(e) => methods.setValue('name_code', e.target.value.toUpperCase())}
            slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
          />
          <RHFTextField<FormInput>
            name="name"
            label={t('fields.name')}
            required
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <RHFCurrencyField<FormInput>
            name="currency"
            label={t('fields.currency')}
            required
            helperText={t('fields.currencyHelp')}
          />
          <RHFTimeZoneField<FormInput>
            name="timezone"
            label={t('fields.timezone')}
            required
            helperText={t('fields.timezoneHelp')}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('fields.flag')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <RHFImageUpload<FormInput> name="flag_image" aspectRatio="4/3" width={160} />
            <Box sx={{ flex: '1 1 220px' }}>
              <RHFTextField<FormInput>
                name="flag"
                label={t('fields.emoji')}
                disabled={!!image}
                placeholder={validCode ? flagEmoji(code) : '🇭🇹'}
                helperText={t(image ? 'fields.emojiUnused' : 'fields.emojiHelp')}
                slotProps={{ htmlInput: { maxLength: 16 } }}
              />
            </Box>
          </Box>
        </Box>
      </FormPage>
      {editing && record.data ? <CitiesCard country={record.data} canChange={canChangeCities} /> : null}
    </>
  );
}
