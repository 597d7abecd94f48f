import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title of a public page: "<page> · Borlette". */
export function useDocumentTitle(page: string) {
  const { t } = useTranslation('public');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
}
