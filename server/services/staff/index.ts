import type { Db } from "../../db/client";
import type { PageEvents } from "../cache/page-events";
import type { ProductService } from "../commerce/purchases";
import { createStaffAlternativeService } from "./alternatives";
import { createAuditReader } from "./audit";
import { createAuthorListReader } from "./author-lists";
import { createStaffDealService } from "./deals";
import { createStaffMarketingService } from "./marketing";
import { createStaffOperationsService } from "./operations";
import { createStaffPageService } from "./pages";
import { createPartnerService } from "./partners";

/** The staff back office and the partner portal (issue 16), on the store's own services. */
export function createStaffServices(deps: {
  db: Db;
  pageEvents: PageEvents;
  products: ProductService;
}) {
  const deals = createStaffDealService(deps);
  return {
    deals,
    alternatives: createStaffAlternativeService(deps),
    pages: createStaffPageService(deps),
    marketing: createStaffMarketingService(deps),
    operations: createStaffOperationsService(deps),
    partners: createPartnerService({ ...deps, dealsAdmin: deals }),
    audit: createAuditReader(deps.db),
    // The comment author black- and whitelists (issue 33); changed through discussions.setAuthorList.
    authors: createAuthorListReader(deps),
  };
}

export type StaffServices = ReturnType<typeof createStaffServices>;
