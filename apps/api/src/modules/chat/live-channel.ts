import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ChatMeta } from '@app/contracts/chat';
import type { LiveAnswer, LiveReading } from './live-answers';

/** How often an instance says it is alive, and how long the word holds. */
const ALIVE_EVERY_MS = 3000;
const ALIVE_FOR_MS = 10_000;
/** How often each instance looks for answers of instances that stopped saying so (a crash). */
const SWEEP_EVERY_MS = 10_000;
/** Frames for a reader on another instance go out together, at most this often: a publish per batch, not per token. */
const BATCH_MS = 20;
/** How long a remote stop waits for the owner's word that the answer is closed. */
const STOP_WAIT_MS = 6000;

/** Keys and channels under the database's namespace: one Redis may serve several deployments (and test databases). */
const keys = (ns: string) => ({
  live: (tenantId: number, hash: string) => `chat:${ns}:live:${tenantId}:${hash}`,
  livePattern: `chat:${ns}:live:*`,
  alive: (instance: string) => `chat:${ns}:alive:${instance}`,
  inbox: (instance: string) => `chat:${ns}:inbox:${instance}`,
});

/** What `chat:live:{tenant}:{hash}` holds while an answer runs: its instance, member, answer row and meta. */
interface Announced {
  i: string;
  m: number;
  a: number;
  meta: ChatMeta;
}

/** Messages between instances, each to the receiver's inbox channel. */
type Message =
  | { k: 'attach'; t: number; h: string; r: string; from: string }
  | { k: 'detach'; r: string }
  | { k: 'frames'; r: string; f: string }
  | { k: 'closed'; r: string }
  | { k: 'stop'; t: number; h: string; q: string; from: string }
  | { k: 'stopped'; q: string; ok: boolean };

/** An answer running on another live instance. */
export interface RemoteAnswer {
  instance: string;
  memberId: number;
  meta: ChatMeta;
}

/** A reader here of an answer streaming on another instance, with the routes' reading interface. */
class RemoteReading implements LiveReading {
  readonly closed: Promise<void>;
  private end!: () => void;
  write: ((frame: string) => void) | null = null;

  constructor(
    private readonly channel: LiveChannelImpl,
    readonly id: string,
    readonly remote: RemoteAnswer,
    private readonly tenantId: number,
    private readonly hash: string,
  ) {
    this.closed = new Promise<void>((resolve) => (this.end = resolve));
  }

  get meta(): ChatMeta {
    return this.remote.meta;
  }

  attach(write: (frame: string) => void): void {
    this.write = write;
    this.channel.send(this.remote.instance, { k: 'attach', t: this.tenantId, h: this.hash, r: this.id, from: this.channel.instanceId });
    // The owner's death ends the reading: its frames would never come.
    this.channel.watch(this);
  }

  detach(_write: (frame: string) => void): void {
    if (!this.write) return;
    this.write = null;
    this.channel.send(this.remote.instance, { k: 'detach', r: this.id });
    this.finish();
  }

  finish(): void {
    this.write = null;
    this.channel.readings.delete(this.id);
    this.end();
  }
}

/** The owner's side of a reader on another instance: frames batched into one publish per `BATCH_MS`. */
class RemoteReader {
  private buffer = '';
  private timer: NodeJS.Timeout | null = null;
  readonly write = (frame: string) => {
    this.buffer += frame;
    if (!this.timer) this.timer = setTimeout(this.flush, BATCH_MS);
  };
  readonly flush = () => {
    this.timer = null;
    if (!this.buffer) return;
    this.channel.send(this.instance, { k: 'frames', r: this.id, f: this.buffer });
    this.buffer = '';
  };

  constructor(
    private readonly channel: LiveChannelImpl,
    readonly instance: string,
    readonly id: string,
  ) {}
}

class LiveChannelImpl {
  readonly instanceId = randomBytes(8).toString('hex');
  readonly readings = new Map<string, RemoteReading>();
  private readonly readers = new Map<string, { answer: LiveAnswer; reader: RemoteReader }>();
  private readonly stops = new Map<string, (ok: boolean) => void>();
  private aliveTimer: NodeJS.Timeout | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;

  private readonly k: ReturnType<typeof keys>;

  constructor(
    namespace: string,
    private readonly redis: Redis,
    private readonly sub: Redis,
    private readonly local: (tenantId: number, hash: string) => LiveAnswer | undefined,
    private readonly stopLocal: (tenantId: number, hash: string) => Promise<boolean>,
  ) {
    this.k = keys(namespace);
  }

  async start(): Promise<void> {
    this.sub.on('message', (_channel: string, raw: string) => this.receive(JSON.parse(raw) as Message));
    await this.sub.subscribe(this.k.inbox(this.instanceId));
    await this.redis.set(this.k.alive(this.instanceId), '1', 'PX', ALIVE_FOR_MS);
    this.aliveTimer = setInterval(() => void this.redis.set(this.k.alive(this.instanceId), '1', 'PX', ALIVE_FOR_MS).catch(() => undefined), ALIVE_EVERY_MS);
    this.aliveTimer.unref();
  }

  send(instance: string, m: Message): void {
    this.redis.publish(this.k.inbox(instance), JSON.stringify(m)).catch(() => undefined);
  }

  /** Registers a running answer so that another instance's reattach or stop finds it. Not awaited: ioredis pipelines it. */
  announce(a: LiveAnswer, answerId: number): void {
    const v: Announced = { i: this.instanceId, m: a.memberId, a: answerId, meta: a.meta };
    this.redis.set(this.k.live(a.tenantId, a.hash), JSON.stringify(v), 'EX', 86_400).catch(() => undefined);
  }

  /** Removes the registration, unless a newer answer of the session (on any instance) took it over. */
  retire(a: LiveAnswer, answerId: number): void {
    this.redis
      .eval(
        "local v = redis.call('get', KEYS[1]) if v and cjson.decode(v).a == tonumber(ARGV[1]) then return redis.call('del', KEYS[1]) end return 0",
        1,
        this.k.live(a.tenantId, a.hash),
        String(answerId),
      )
      .catch(() => undefined);
  }

  /** The session's answer running on another instance that is alive, or null (also while Redis is unreachable: this instance's answers still work). */
  async find(tenantId: number, hash: string): Promise<RemoteAnswer | null> {
    try {
      const raw = await this.redis.get(this.k.live(tenantId, hash));
      if (!raw) return null;
      const v = JSON.parse(raw) as Announced;
      if (v.i === this.instanceId || !(await this.redis.exists(this.k.alive(v.i)))) return null;
      return { instance: v.i, memberId: v.m, meta: v.meta };
    } catch {
      return null;
    }
  }

  reading(tenantId: number, hash: string, remote: RemoteAnswer): RemoteReading {
    const r = new RemoteReading(this, randomBytes(8).toString('hex'), remote, tenantId, hash);
    this.readings.set(r.id, r);
    return r;
  }

  /** Asks the owner to stop the answer; resolves once it is closed there (false when the owner did not answer in time). */
  stop(tenantId: number, hash: string, remote: RemoteAnswer): Promise<boolean> {
    const q = randomBytes(8).toString('hex');
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.stops.delete(q);
        resolve(false);
      }, STOP_WAIT_MS);
      this.stops.set(q, (ok) => {
        clearTimeout(timer);
        this.stops.delete(q);
        resolve(ok);
      });
      this.send(remote.instance, { k: 'stop', t: tenantId, h: hash, q, from: this.instanceId });
    });
  }

  /** Readings here of answers elsewhere end when their owner stops saying it is alive. */
  watch(_r: RemoteReading): void {
    if (this.watchTimer) return;
    this.watchTimer = setInterval(() => {
      if (this.readings.size === 0) {
        clearInterval(this.watchTimer!);
        this.watchTimer = null;
        return;
      }
      for (const r of this.readings.values()) {
        this.redis.exists(this.k.alive(r.remote.instance)).then(
          (n) => {
            if (!n) r.finish();
          },
          () => undefined,
        );
      }
    }, ALIVE_EVERY_MS);
    this.watchTimer.unref();
  }

  private receive(m: Message): void {
    switch (m.k) {
      case 'attach': {
        const answer = this.local(m.t, m.h);
        if (!answer) return this.send(m.from, { k: 'closed', r: m.r });
        const reader = new RemoteReader(this, m.from, m.r);
        this.readers.set(m.r, { answer, reader });
        answer.attach(reader.write);
        void answer.closed.then(() => {
          reader.flush();
          this.readers.delete(m.r);
          this.send(m.from, { k: 'closed', r: m.r });
        });
        return;
      }
      case 'detach': {
        const found = this.readers.get(m.r);
        if (!found) return;
        this.readers.delete(m.r);
        found.answer.detach(found.reader.write);
        return;
      }
      case 'frames':
        return this.readings.get(m.r)?.write?.(m.f);
      case 'closed':
        return this.readings.get(m.r)?.finish();
      case 'stop':
        void this.stopLocal(m.t, m.h).then((ok) => this.send(m.from, { k: 'stopped', q: m.q, ok }));
        return;
      case 'stopped':
        return this.stops.get(m.q)?.(m.ok);
    }
  }

  /** Answers announced by instances that are no longer alive: what a crash left running. */
  private async orphans(): Promise<Array<{ key: string; tenantId: number; answerId: number }>> {
    const found: Array<{ key: string; tenantId: number; answerId: number }> = [];
    // One look per instance, however many answers it announced.
    const alive = new Map<string, boolean>();
    const isAlive = async (instance: string) => {
      let v = alive.get(instance);
      if (v === undefined) alive.set(instance, (v = instance === this.instanceId || (await this.redis.exists(this.k.alive(instance))) > 0));
      return v;
    };
    let cursor = '0';
    do {
      const [next, scanned] = await this.redis.scan(cursor, 'MATCH', this.k.livePattern, 'COUNT', 500);
      cursor = next;
      if (scanned.length === 0) continue;
      const values = await this.redis.mget(...scanned);
      for (const [i, raw] of values.entries()) {
        if (!raw) continue;
        const v = JSON.parse(raw) as Announced;
        if (await isAlive(v.i)) continue;
        found.push({ key: scanned[i]!, tenantId: Number(scanned[i]!.split(':').at(-2)), answerId: v.a });
      }
    } while (cursor !== '0');
    return found;
  }

  /**
   * Now and every `SWEEP_EVERY_MS`: the answers of dead instances go to `recover` (which closes
   * them as interrupted and charges what they flushed, decision 046), then their announcements are
   * dropped. Any instance may do it; doing it twice, or two at once, charges nothing twice.
   */
  async sweep(recover: (orphans: Array<{ tenantId: number; answerId: number }>) => Promise<unknown>): Promise<void> {
    const once = async () => {
      const orphans = await this.orphans();
      if (orphans.length === 0) return;
      await recover(orphans.map(({ tenantId, answerId }) => ({ tenantId, answerId })));
      await this.redis.del(...orphans.map((o) => o.key));
    };
    // A failure (Redis or the database unreachable) must not keep the instance from starting: the next sweep retries.
    await once().catch(() => undefined);
    this.sweepTimer = setInterval(() => void once().catch(() => undefined), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  async close(): Promise<void> {
    if (this.aliveTimer) clearInterval(this.aliveTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const r of this.readings.values()) r.finish();
    await this.redis.del(this.k.alive(this.instanceId)).catch(() => undefined);
    await this.sub.quit().catch(() => undefined);
  }
}

/**
 * The live answers' path between instances (issue 30 item 2), taken only when `REDIS_URL` is set.
 * A running answer is announced in Redis (`chat:live:{tenant}:{hash}`: its instance); a reattach
 * or a stop that lands on another instance finds it there and asks the owner over Redis pub/sub
 * (each instance listens on its own inbox channel). A remote reader is one more reader of the
 * owner's `LiveAnswer`: it gets the snapshot and then the frames, batched per `BATCH_MS` into one
 * publish. An answer nobody reads elsewhere publishes nothing: the single reader's hot path
 * only gains the announce and retire commands, pipelined and not awaited.
 */
export async function createLiveChannel(
  namespace: string,
  redis: Redis,
  local: (tenantId: number, hash: string) => LiveAnswer | undefined,
  stopLocal: (tenantId: number, hash: string) => Promise<boolean>,
): Promise<LiveChannel> {
  // A subscribed connection can do nothing else: its own.
  const sub = redis.duplicate();
  const channel = new LiveChannelImpl(namespace, redis, sub, local, stopLocal);
  await channel.start();
  return channel;
}
export type LiveChannel = Pick<
  LiveChannelImpl,
  'instanceId' | 'announce' | 'retire' | 'find' | 'reading' | 'stop' | 'sweep' | 'close'
>;
