import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const InvoiceList = lazy(() => import('./pages/invoice-list-page'));
const InvoicePdf = lazy(() => import('./pages/invoice-pdf-page'));
const PayInvoice = lazy(() => import('./pages/pay-invoice-page'));
const PaymentList = lazy(() => import('./pages/payment-list-page'));
const PaymentForm = lazy(() => import('./pages/payment-form-page'));

export const screens = {
  '/dashboard/company/facturation': InvoiceList,
  '/dashboard/company/facturation/:factuId/pdf': InvoicePdf,
  '/dashboard/company/pay-facturation': PayInvoice,
  '/dashboard/company/payment': PaymentList,
  '/dashboard/company/payment/new': PaymentForm,
  '/dashboard/company/payment/:paymentId/edit': PaymentForm,
} satisfies Screens;
