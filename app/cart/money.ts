import { formatMoney } from "../../domain/money";

/** Money from an API body (major units) as the cart shows it: always two decimals ($53.10). */
export const money = (major: number): string => formatMoney(Math.round(major * 100));
