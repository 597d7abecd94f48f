// Used by the test fixtures and the crash harness (which runs outside vitest): no test imports here.

/** Zones spread around the globe: one of them is always near the middle of its day. */
const ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Tokyo',
  'Asia/Kolkata',
  'Europe/Moscow',
  'Europe/Paris',
  'Atlantic/Azores',
  'America/Sao_Paulo',
  'America/Port-au-Prince',
  'America/Denver',
  'Pacific/Honolulu',
];

/** The zone whose local time is nearest 13:00 now: a test day never crosses midnight there. */
export function middayZone(now = new Date()): string {
  let best = ZONES[0];
  let bestGap = Number.POSITIVE_INFINITY;
  for (const zone of ZONES) {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .format(now)
      .split(':')
      .map(Number);
    const gap = Math.abs(parts[0] * 60 + parts[1] - 13 * 60);
    if (gap < bestGap) {
      bestGap = gap;
      best = zone;
    }
  }
  return best;
}
