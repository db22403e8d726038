import type { Db } from "../../db/client";
import type { PageEvents } from "../cache/page-events";
import type { ProductService } from "../commerce/purchases";
import { createStaffAlternativeService } from "./alternatives";
import { createAuditReader } from "./audit";
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
  };
}

export type StaffServices = ReturnType<typeof createStaffServices>;
