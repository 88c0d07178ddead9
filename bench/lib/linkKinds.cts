/** The links the real-n8n bench can put between n8n and the emulator (see linkServer.cts). */
export type LinkKind = 'loopback' | 'http' | 'https';

export const LINK_KINDS: LinkKind[] = ['loopback', 'http', 'https'];

/** Round trips a new connection costs before its first request can be sent: TCP, then TLS 1.3. */
export const HANDSHAKE_RTTS: Record<LinkKind, number> = { loopback: 0, http: 1, https: 2 };

export interface LinkCounters {
	/** TCP connections accepted. */
	connections: number;
	/** Requests answered. */
	requests: number;
	/** The most requests in flight at once. */
	maxInFlight: number;
}
