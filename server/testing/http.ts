// One HTTP call of a test, as every test client sends it: a JSON body (or raw text, JSON unless
// said otherwise) and the answer's body read as JSON when it is JSON, as text when it is not.

export type Answer = { status: number; body: any; headers: Headers };

export type RequestBody = { body?: unknown; raw?: string; contentType?: string };

export async function send(url: string, method: string, headers: Record<string, string>, options: RequestBody = {}): Promise<Answer> {
  const sent = { ...headers };
  let body: string | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    sent["content-type"] = options.contentType ?? "application/json";
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    sent["content-type"] = "application/json";
  }
  const response = await fetch(url, { method, headers: sent, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed, headers: response.headers };
}
