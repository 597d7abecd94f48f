import { PRIME_FIELDS, type PrimeGeneral } from '@borlette/shared/contracts/primes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form';
import { useUpdatePrimeGeneral } from '../api/primes';
import { generalToInput, makeGeneralSchema, type PrimeGeneralInput, type PrimeGeneralValues } from './prime-schema';

const FIELD_NAMES = [...PRIME_FIELDS, 'free_mariage_amount', 'bolet_cumulative'];

export function usePrimeMessages() {
  const { t } = useTranslation('primes');
  return useMemo(
    () => ({
      required: t('errors.required'),
      integer: t('errors.integer'),
      tooLarge: t('errors.tooLarge'),
      atLeastOne: t('errors.atLeastOne'),
      amountRequired: t('errors.amountRequired'),
      amountInvalid: t('errors.amountInvalid'),
      amountNegative: t('errors.amountNegative'),
      amountTooLarge: t('errors.amountTooLarge'),
    }),
    [t],
  );
}

/**
 * The general primes form of one company: its values, the PUT (with `company_id` when the superuser
 * edits another company from the list), server errors on the inputs and the rest in `formError`.
 */
export function useGeneralForm(prime: PrimeGeneral, opts: { companyId?: number; onSaved?: () => void } = {}) {
  const messages = usePrimeMessages();
  const schema = useMemo(() => makeGeneralSchema(messages), [messages]);
  const update = useUpdatePrimeGeneral();
  const [formError, setFormError] = useState<string | null>(null);
  const methods = useForm<PrimeGeneralInput, unknown, PrimeGeneralValues>({
    resolver: zodResolver(schema),
    defaultValues: generalToInput(prime),
    mode: 'onTouched',
  });
  const submit = methods.handleSubmit(async (v) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(opts.companyId ? { ...v, company_id: opts.companyId } : v);
      methods.reset(generalToInput(saved));
      opts.onSaved?.();
    } catch (error) {
      setFormError(applyServerErrors(error, methods.setError, FIELD_NAMES));
    }
  });
  return { methods, submit, formError, clearError: () => setFormError(null) };
}
