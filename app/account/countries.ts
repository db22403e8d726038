// The billing country list lives in the domain (the billing schema refuses codes outside it).
export { COUNTRIES, countryName } from "../../domain/countries";
