/**
 * A server process's side of a rate limit shared through the cluster's primary (see sharedAllowances.ts):
 * it answers requests from the credits the primary granted it, asks for more when they run out (one ask at a
 * time per client, which every waiting request shares), and gives back what it holds when the primary asks.
 */
import { isGrant, isReclaim, type AskMessage, type GrantMessage, type ToPrimary } from './allowanceMessages';
import { MAX_CLIENTS, type WindowCount } from './windowCounts';

/** A process's grants for one client in the primary's current window. */
interface Share {
  window: number;
  /** No later than the primary's window ends: its time left, counted from before the ask was sent. */
  endsAt: number;
  credits: number;
  /** The client's count as far as this process knows, for the plugin's "remaining" header. */
  current: number;
  refused: boolean;
}

export interface AllowanceClient {
  hit(client: string, windowMs: number, max: number): Promise<WindowCount | null>;
  /** Hands a message from the primary in; ignores any other. */
  receive(message: unknown): void;
}

/**
 * `send` posts to the primary and resolves false when it cannot (no primary, a closed channel); `hit`
 * resolves null when the primary does not answer within `timeoutMs`, for the caller to count on its own.
 */
export function allowanceClient(
  send: (message: ToPrimary) => Promise<boolean>,
  timeoutMs: number,
  now: () => number = Date.now,
): AllowanceClient {
  const shares = new Map<string, Share>();
  const asking = new Map<string, Promise<Share | null>>();
  const pending = new Map<number, (grant: GrantMessage | null) => void>();
  let nextId = 0;

  const take = (share: Share, max: number): WindowCount | null => {
    const ttl = Math.max(0, share.endsAt - now());
    if (share.credits > 0) {
      share.credits -= 1;
      share.current = Math.min(max, share.current + 1);
      return { current: share.current, ttl };
    }
    return share.refused ? { current: max + 1, ttl } : null;
  };

  const ask = (client: string, windowMs: number, max: number): Promise<Share | null> => {
    const sentAt = now();
    const held = shares.get(client);
    // Whatever is left of an older grant goes back with the ask, so the primary can grant it again.
    const returning = held?.credits ?? 0;
    if (held) held.credits = 0;
    const id = nextId++;
    const message: AskMessage = {
      makan: 'rate-ask',
      id,
      client,
      windowMs,
      max,
      window: held?.window ?? -1,
      returning,
    };
    const answered = new Promise<GrantMessage | null>((resolve) => {
      const timer = setTimeout(() => pending.delete(id) && resolve(null), timeoutMs);
      timer.unref();
      pending.set(id, (grant) => {
        clearTimeout(timer);
        resolve(grant);
      });
    });
    void send(message).then((sent) => {
      if (!sent) pending.get(id)?.(null);
    });
    return answered.then((grant) => {
      pending.delete(id);
      if (!grant) return null;
      const share: Share = {
        window: grant.window,
        endsAt: sentAt + grant.ttl,
        credits: grant.granted,
        current: grant.granted === 0 ? max : Math.min(max, grant.from),
        refused: grant.granted === 0,
      };
      shares.delete(client);
      shares.set(client, share);
      for (const oldest of shares.keys()) {
        if (shares.size <= MAX_CLIENTS) break;
        shares.delete(oldest);
      }
      return share;
    });
  };

  return {
    async hit(client, windowMs, max) {
      for (;;) {
        const share = shares.get(client);
        if (share && share.endsAt > now()) {
          const held = take(share, max);
          if (held) return held;
        }
        let answer = asking.get(client);
        if (!answer) {
          answer = ask(client, windowMs, max).finally(() => asking.delete(client));
          asking.set(client, answer);
        }
        const granted = await answer;
        if (!granted) return null;
        // The primary counted these in its window when it granted them, even if that window ends as they arrive.
        const held = take(granted, max);
        if (held) return held;
        // Other requests waiting on the same ask used its credits: ask again.
      }
    },

    receive(message) {
      if (isGrant(message)) {
        pending.get(message.id)?.(message);
        return;
      }
      if (!isReclaim(message)) return;
      const share = shares.get(message.client);
      let returned = 0;
      if (share && share.window === message.window) {
        returned = share.credits;
        share.credits = 0;
      }
      void send({ makan: 'rate-returned', id: message.id, client: message.client, window: message.window, returned });
    },
  };
}
