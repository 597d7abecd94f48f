/** The numeric id of a route parameter (`:agentId`…), or null when it is not a valid id. */
export function parseRouteId(raw: string | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
