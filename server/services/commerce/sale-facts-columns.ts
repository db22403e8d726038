import { deals } from "../../db/schema";

/**
 * The deal columns domain/cart.ts saleProblem reads (SaleFacts, less the plan's two): one list
 * for every query that asks whether a plan may be bought now (the cart, an upgrade).
 */
export const saleFactsColumns = {
  dealStatus: deals.dealStatus,
  browseDealStatus: deals.browseDealStatus,
  isInfo: deals.isInfo,
  isDraft: deals.isDraft,
  isComingSoon: deals.isComingSoon,
  isEarlyAccess: deals.isEarlyAccess,
  isLastCall: deals.isLastCall,
  startDate: deals.startDate,
  endDate: deals.endDate,
  currentStage: deals.currentStage,
  nextStage: deals.nextStage,
  quantityTotal: deals.quantityTotal,
  quantitySold: deals.quantitySold,
};
