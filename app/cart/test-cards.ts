/** The test cards the demo's payment form offers (Stripe's documented test card ids). */
export const TEST_CARD_OPTIONS = [
  { value: "pm_card_visa", label: "Visa ending 4242", note: "Test card: pays" },
  {
    value: "pm_card_chargeDeclined",
    label: "Visa ending 0002",
    note: "Test card: declined",
  },
  {
    value: "pm_card_authenticationRequired",
    label: "Visa ending 3155",
    note: "Test card: needs authentication",
  },
] as const;
