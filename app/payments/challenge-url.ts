/** The test gateway's 3-D Secure page, coming back to `returnTo` with the intent's id. */
export function challengeUrl(paymentIntent: string, returnTo = "/cart"): string {
  const query = new URLSearchParams({ payment_intent: paymentIntent, return_to: returnTo });
  return `/payments/test-gateway/challenge/?${query}`;
}

/** The page the buyer goes back to from the challenge, told which payment to confirm. */
export function returnUrl(returnTo: string, paymentIntent: string): string {
  return `${returnTo}?${new URLSearchParams({ payment_intent: paymentIntent })}`;
}
