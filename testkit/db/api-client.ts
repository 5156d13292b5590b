/**
 * A client of the /api facade with its own cookie jar, as a browser would hold the session cookie:
 * Set-Cookie answers are stored (Max-Age=0 removes), and every request sends the jar back.
 */
export class ApiSession {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie lines of the last response. */
  lastSetCookie: string[] = [];

  constructor(readonly baseUrl: string, readonly forwardedFor?: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) h['Content-Type'] = 'application/json';
    if (this.forwardedFor) h['X-Forwarded-For'] = this.forwardedFor;
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, text, json: type.includes('application/json') && text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  /** Signs in through POST /api/login; throws unless it succeeds. */
  async login(email: string, password = 'password123'): Promise<ApiSession> {
    const res = await this.post('/api/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
    return this;
  }
}

export interface ApiResponse {
  status: number;
  text: string;
  // deno-lint-ignore no-explicit-any
  json: any;
  headers: Headers;
}
