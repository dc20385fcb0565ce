/** The office network list's filters: what the search form holds, and the query GET /user/office_site takes. */
import type { OfficeSiteStatus } from '@cloudbay/contracts/core';

export interface OfficeSiteSearchValues {
  name?: string;
  regionId?: number;
  status?: OfficeSiteStatus;
}

/** `officeSiteListQuery`'s filters; absent keys are not sent. */
export interface OfficeSiteFilterQuery {
  name?: string;
  region_id?: number;
  status?: OfficeSiteStatus;
}

/** The form's values as API filters, the name trimmed. */
export function toOfficeSiteFilter(values: OfficeSiteSearchValues): OfficeSiteFilterQuery {
  const filter: OfficeSiteFilterQuery = {};
  const name = values.name?.trim();
  if (name) filter.name = name;
  if (values.regionId !== undefined) filter.region_id = values.regionId;
  if (values.status) filter.status = values.status;
  return filter;
}
