import { AppError } from '../../platform/errors';
import type { SmsConfig, SmsSender } from './types';

/**
 * A JSON POST `{to, from, text}` with a bearer key, the shape most SMS gateways take (a thin relay
 * adapts others); any 2xx is sent.
 */
export function createHttpSmsSender(config: Extract<SmsConfig, { kind: 'http' }>): SmsSender {
  return {
    async send(to, text) {
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify({ to, from: config.sender ?? undefined, text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new AppError('sms_failed');
      }
      if (!res.ok) throw new AppError('sms_failed', undefined, { status: res.status });
    },
  };
}
