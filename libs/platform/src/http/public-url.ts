import { isIP } from 'node:net';
import type { Request } from 'express';
import type { AppConfig } from '../config.js';

/** Whether a host name is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * The console's public address, the base of every link we send out (mails, snippets): always
 * `PUBLIC_URL` (DESIGN.md "Trust boundary"), never the request's `Host` or `X-Forwarded-*`
 * headers. Without `PUBLIC_URL` (a local demo whose mails stay in the outbox, since `SMTP_URL`
 * requires it) the request's own origin is used only when it is a loopback address; otherwise
 * `http://localhost:{PORT}`.
 */
export function publicBaseUrl(config: AppConfig, request: Pick<Request, 'headers'>): string {
  if (config.publicUrl) return config.publicUrl;
  const fallback = `http://localhost:${config.port}`;
  const host = request.headers.host;
  if (typeof host !== 'string') return fallback;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return fallback;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return fallback;
  return isLoopbackHost(url.hostname) ? url.origin : fallback;
}
