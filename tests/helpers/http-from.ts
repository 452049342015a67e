import { request } from 'node:http';

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read bodies as they need
  body: any;
  /** name=value of each Set-Cookie. */
  cookies: Record<string, string>;
}

/**
 * One request over real HTTP from a chosen local address (127.0.0.x are all loopback on Linux),
 * so a test can be several clients as the server sees them (`request.ip`).
 */
export function httpFrom(
  from: string,
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const target = new URL(url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        localAddress: from,
        agent: false,
        headers: {
          ...(payload && { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const cookies: Record<string, string> = {};
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const eq = pair!.indexOf('=');
            cookies[pair!.slice(0, eq)] = pair!.slice(eq + 1);
          }
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, cookies });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
