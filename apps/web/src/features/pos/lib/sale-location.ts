import type { SaleInput, SaleLocation } from '@borlette/shared/contracts/sale';

/**
 * The position sent with each sale when the company asks for it (issue 20, setting sale_location).
 * The browser asks the agent's consent the first time; refused or unavailable, sales go on without
 * it. The POS watches the position while the sale screen is open, so a sale never waits for a fix.
 */
let last: SaleLocation | null = null;

export function watchSaleLocation(): () => void {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return () => undefined;
  const id = navigator.geolocation.watchPosition(
    (p) => {
      last = {
        latitude: p.coords.latitude,
        longitude: p.coords.longitude,
        accuracy_m: Number.isFinite(p.coords.accuracy) ? Math.min(1_000_000, Math.round(p.coords.accuracy)) : null,
      };
    },
    // Refused or no fix: no location (the sale is still allowed).
    () => undefined,
    { enableHighAccuracy: false, maximumAge: 60_000, timeout: 30_000 },
  );
  return () => {
    navigator.geolocation.clearWatch(id);
    last = null;
  };
}

/** The sale's body with the last known position, if any. */
export function withSaleLocation(sale: SaleInput): SaleInput {
  return last ? { ...sale, location: last } : sale;
}
