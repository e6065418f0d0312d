// The error of a provider's non-2xx answer: its status and the provider's own error code and message when the body
// has them (never the request, which holds the credentials and the recipient's text).

/** `detail` picks the provider's code and message out of its JSON error body, or returns false. */
export async function providerError(provider: string, res: Response, detail: (body: Record<string, unknown> | null) => string | false): Promise<Error> {
  let body: Record<string, unknown> | null = null;
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const said = detail(body);
  return new Error(`${provider} answered ${res.status}${said ? ` (${said})` : ''}`);
}
