/**
 * The environment an emulator plug-in starts in when a test mounts its routes without a server:
 * the clock, a token authority, channel delivery with no trusted CA, no propagation delay.
 */
import { DEFAULT_DELIVERY } from "../../emulator/channels/delivery";
import { TokenAuthority } from "../../emulator/google/tokens/authority";
import type { ApiEnvironment } from "../../emulator/plugin";

export function pluginEnvironment(): ApiEnvironment {
  const now = (): Date => new Date();
  return {
    now,
    tokens: undefined,
    accessTokens: new TokenAuthority({ now }),
    channelDelivery: { ...DEFAULT_DELIVERY, trustCa: [] },
    propagationMs: () => undefined,
  };
}
