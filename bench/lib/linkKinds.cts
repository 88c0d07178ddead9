/**
 * The links the real-n8n bench can put between n8n and the emulator (see linkServer.cts), or none: `direct` talks
 * to the emulator, which then adds the delay itself (no connection counts; no hop of its own).
 */
export type LinkKind = 'direct' | ServedLink;

/** The links linkServer.cts serves. */
export type ServedLink = 'loopback' | 'http' | 'https';

export const LINK_KINDS: LinkKind[] = ['direct', 'loopback', 'http', 'https'];

/** Round trips a new connection costs before its first request can be sent: TCP, then TLS 1.3. */
export const HANDSHAKE_RTTS: Record<ServedLink, number> = { loopback: 0, http: 1, https: 2 };

export interface LinkCounters {
	/** TCP connections accepted. */
	connections: number;
	/** Requests answered. */
	requests: number;
	/** The most requests in flight at once. */
	maxInFlight: number;
}
