import { createHttpSmsSender } from './http';
import { createOutboxSmsSender } from './outbox';
import type { SmsConfig, SmsSender } from './types';

type Log = (line: string) => void;

/** One factory per `kind` of the SMS config. */
const registry: { [K in SmsConfig['kind']]: (config: Extract<SmsConfig, { kind: K }>, log: Log) => SmsSender } = {
  http: (config) => createHttpSmsSender(config),
  outbox: createOutboxSmsSender,
};

/** SMS behind one interface (decision 039): the gateway the config names, else the outbox. */
export function createSmsSender(config: SmsConfig, log: Log): SmsSender {
  return (registry[config.kind] as (c: SmsConfig, l: Log) => SmsSender)(config, log);
}
