import { errorBody } from '@borlette/shared/contracts/common';
import { type ContactRequest, contactEndpoints, contactResponse } from '@borlette/shared/contracts/contact';

/** A failed contact call: `message` is the server's French message (absent on network failure). */
export class ContactError extends Error {
  constructor(
    message: string | undefined,
    readonly status: number | null,
    readonly fields: Record<string, string> = {},
  ) {
    super(message ?? '');
    this.name = 'ContactError';
  }
  /** True when the server answered (message is worth showing as is). */
  get fromServer() {
    return this.status !== null && this.message !== '';
  }
}

/** POST the contact form as JSON; empty optional fields are left out. */
export async function sendContact(body: ContactRequest): Promise<{ ok: true; id: number }> {
  const payload: ContactRequest = { name: body.name, email: body.email, message: body.message };
  if (body.phone) payload.phone = body.phone;
  if (body.subject) payload.subject = body.subject;

  let res: Response;
  try {
    // A plain fetch (not `call`): the public page has no session, and reads the error body itself.
    const { path, method } = contactEndpoints.send;
    res = await fetch(path, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new ContactError(undefined, null);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = errorBody.safeParse(data);
    throw new ContactError(err.success ? err.data.message : undefined, res.status, err.success ? err.data.fields : {});
  }
  const ok = contactResponse.safeParse(data);
  if (!ok.success) throw new ContactError(undefined, res.status);
  return ok.data;
}
